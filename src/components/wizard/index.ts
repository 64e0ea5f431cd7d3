export { localDraftStore, type DraftStore, type WizardDraft } from './draftStore'
/** @public The signed-in wizards' draft store (docs/wizard.md); the next wizards use it. */
export { serverDraftStore } from './serverDraftStore'
/** @public Turns a refused submit into a step's field errors (docs/wizard.md). */
export { toSubmitError } from './useWizard'
export { useDraft, useWizard } from './useWizard'
export { WizardFrame } from './WizardFrame'
export { WizardStepForm } from './WizardStepForm'
export { WizardReview } from './WizardReview'
