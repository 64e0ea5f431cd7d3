/**
 * The registration wizard's machine as the end-to-end walk drives it through the real /register
 * page (tests/e2e/registerModel.spec.ts): shortest paths to every step, the review, a held
 * submission, its success, and the two refusals the server ties to a field. Only what a user
 * can do on the page is in it: filling the step on screen validly, Next, Back, a step-list
 * jump to another step, Submit; the server's answer is the route the walk holds.
 */
import { createTestModel } from 'xstate/graph'
import { createWizardMachine, type WizardData } from '../../src/machines/wizard'
import { REGISTER_BLANK, registerWizard } from '../../src/resources/merchantRegistration'
import { modelOf } from './modelOf'

const machine = modelOf(createWizardMachine(registerWizard))
type Snapshot = ReturnType<typeof machine.getInitialSnapshot>

/** Valid values of each step (the walk types them; the model merges them). */
export const STEP_VALUES: WizardData[] = [
  {
    companyName: 'Model Walk Ltd',
    registrationNo: 'MW-1',
    country: 'SG',
    address: '2 Model Walk, Singapore',
  },
  { contactName: 'Wen Model', email: 'walk@example.test' },
  { agreeServiceAgreement: true, agreePrivacyPolicy: true },
]

/** The server's refusals the walk answers with, as the machine's submit error. */
export const REFUSALS = {
  email: {
    code: 1511,
    message:
      'A registration for walk@example.test is already waiting for review. We will e-mail you the result.',
  },
  referralCode: { code: 1512, message: 'The referral code is not valid' },
} as const

const onStep = (s: Snapshot, i: number) => s.matches('editing') && s.context.step === i
const stepValid = (s: Snapshot, i: number) =>
  registerWizard.steps[i].schema.safeParse(s.context.data).success

function drivable(s: Snapshot, e: { type: string } & Record<string, any>): boolean {
  switch (e.type) {
    case 'UPDATE': {
      // Only the step on screen can be typed in; once valid, typing again changes nothing.
      const i = STEP_VALUES.indexOf(e.data)
      return onStep(s, i) && !stepValid(s, i)
    }
    case 'JUMP':
      // The current entry of the step list does nothing.
      return s.matches('review') ? e.step < registerWizard.steps.length : e.step !== s.context.step
    default:
      return true
  }
}

/** A state is where the user is, which steps are filled, and what the server holds against a field. */
const key = (s: Snapshot) =>
  JSON.stringify({
    v: s.value,
    filled: registerWizard.steps.map((_, i) => stepValid(s, i)),
    step: s.matches('editing') ? s.context.step : undefined,
    complaints: Object.keys(s.context.fieldErrors),
  })

export const registerE2eModel = createTestModel(machine, {
  input: { blank: REGISTER_BLANK },
  events: [
    ...STEP_VALUES.map((data) => ({ type: 'UPDATE', data })),
    { type: 'NEXT' },
    { type: 'BACK' },
    ...[0, 1, 2, 3].map((step) => ({ type: 'JUMP', step })),
    { type: 'SUBMIT' },
    { type: 'xstate.done.actor.submit', output: { registrationId: 1 } },
    ...Object.entries(REFUSALS).map(([field, r]) => ({
      type: 'xstate.error.actor.submit',
      error: { fieldErrors: { [field]: r.message }, message: r.message },
    })),
  ] as never,
  filterEvents: drivable as never,
  serializeState: key as never,
})
