/**
 * The wizard machine: one multi-step form (self-registration today; the company and merchant
 * wizards of the admin side next). Generic: a wizard is a *definition* — ordered steps, each
 * with its zod schema and the fields it owns — and `createWizardMachine(definition)` builds the
 * machine for it.
 *
 *   editing (context.step = which step) ──NEXT on the last step──▶ review ──SUBMIT──▶ submitting
 *      ▲   NEXT / BACK / JUMP move between steps                    │ BACK / JUMP      │
 *      └──────────────────────────────◀─────────────────────────────┘                  │
 *      ◀── the server refused a field: back to the step that owns it ◀─────────────────┤
 *                                   review ◀── refused without a field ◀───────────────┤
 *                                                          submitted (final) ◀── done ─┘
 *
 * Rules (named guards):
 * - NEXT leaves a step only when the step is valid: its schema accepts the data and the server
 *   has no open complaint about one of its fields (a complaint closes when the field changes).
 * - BACK goes one step back; it is never guarded by validity (going back loses nothing).
 * - JUMP goes to any step whose predecessors are all valid (so a later step cannot be reached
 *   over an invalid one); jumping to index `steps.length` is jumping to the review.
 * - SUBMIT (only on the review) needs every step valid.
 *
 * Pure and isomorphic: no storage, no network. The draft is kept by the named actions
 * `saveDraft` / `clearDraft` and the submission is the `submit` actor; the console supplies them
 * through `.provide()` (src/components/wizard/) and the tests replace them.
 */
import { and, assign, fromPromise, not, setup } from 'xstate'
import type { z } from 'zod'
// Before any schema parses: no compiled parsers under the CSP (src/zodConfig.ts).
import '../zodConfig'

export interface WizardStep {
  /** Stable id: the i18n key of its title, the draft's step marker, the URL-free identity. */
  id: string
  /**
   * Checks the wizard's whole data object and reports only this step's fields (an object
   * schema: unknown keys — the other steps' fields — are ignored by zod).
   */
  schema: z.ZodType
  /** The fields this step owns: a server complaint about one of them routes back here. */
  fields: readonly string[]
}

/** A step whose schema is a zod object: it owns exactly the object's fields. */
export function objectStep(id: string, schema: z.ZodObject): WizardStep {
  return { id, schema, fields: Object.keys(schema.shape) }
}

export interface WizardDefinition {
  /** The wizard's name: the draft's key (per user on the server, per browser on public pages). */
  id: string
  steps: readonly WizardStep[]
}

export type WizardData = Record<string, unknown>

export interface WizardContext {
  /** The values of a fresh wizard (RESET goes back to them). */
  blank: WizardData
  /** The step being edited (index into the definition's steps); the review is `steps.length`. */
  step: number
  data: WizardData
  /** Open complaints of the server, per field; a field's complaint closes when it changes. */
  fieldErrors: Record<string, string>
  /** A refusal the server did not tie to a field (shown on the review). */
  formError: string | null
  /** The data came from a saved draft ("Draft restored"); cleared by RESET. */
  restored: boolean
  /** The submit actor's answer once submitted. */
  result: unknown
}

export type WizardEvent =
  /** Field values changed (merged into the data). */
  | { type: 'UPDATE'; data: WizardData }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  /** Go to a step by index; `steps.length` is the review. */
  | { type: 'JUMP'; step: number }
  | { type: 'SUBMIT' }
  /** Start over: empty data, first step, draft removed. */
  | { type: 'RESET' }

export interface WizardInput {
  /** The values of a fresh wizard (blank fields, unticked boxes); also what RESET goes back to. */
  blank?: WizardData
  /** A saved draft, if any. */
  draft?: { data: WizardData; step?: number } | null
}

/** What the submit actor rejects with: field complaints (400 / field refusals) or a message. */
export interface WizardSubmitError {
  fieldErrors?: Record<string, string>
  message?: string
}

/** Which step owns a field, or -1. */
export function ownerOf(def: WizardDefinition, field: string): number {
  return def.steps.findIndex((s) => s.fields.includes(field))
}

/** A step is valid when its schema accepts the data and no server complaint about it is open. */
export function isStepValid(
  def: WizardDefinition,
  ctx: Pick<WizardContext, 'data' | 'fieldErrors'>,
  i: number,
) {
  const step = def.steps[i]
  if (!step) return false
  if (step.fields.some((f) => f in ctx.fieldErrors)) return false
  return step.schema.safeParse(ctx.data).success
}

/** The first step that is not valid, or `steps.length` when all are. */
export function firstInvalidStep(
  def: WizardDefinition,
  ctx: Pick<WizardContext, 'data' | 'fieldErrors'>,
) {
  const i = def.steps.findIndex((_, k) => !isStepValid(def, ctx, k))
  return i === -1 ? def.steps.length : i
}

function errorOf(event: unknown): WizardSubmitError {
  const e = (event as { error?: unknown }).error
  return e && typeof e === 'object' ? (e as WizardSubmitError) : {}
}

/** The complaints of a refusal that some step owns. */
function ownedErrors(def: WizardDefinition, event: unknown) {
  const all = errorOf(event).fieldErrors ?? {}
  return Object.fromEntries(Object.entries(all).filter(([f]) => ownerOf(def, f) !== -1))
}

export function createWizardMachine(def: WizardDefinition) {
  const last = def.steps.length - 1
  const review = def.steps.length
  if (last < 0) throw new Error(`wizard ${def.id} has no steps`)

  return setup({
    types: {
      context: {} as WizardContext,
      events: {} as WizardEvent,
      input: {} as WizardInput,
    },
    actions: {
      // Side effects, supplied by the console.
      /** Keep the draft (data and step) where this wizard keeps drafts. */
      saveDraft: () => {},
      /** Remove the draft (after submitting, or on starting over). */
      clearDraft: () => {},

      update: assign(({ context, event }) => {
        if (event.type !== 'UPDATE') return {}
        const data = { ...context.data, ...event.data }
        // A complaint of the server closes when its field changes.
        const fieldErrors = Object.fromEntries(
          Object.entries(context.fieldErrors).filter(
            ([f]) => !(f in event.data) || Object.is(event.data[f], context.data[f]),
          ),
        )
        return { data, fieldErrors }
      }),
      goNext: assign(({ context }) => ({ step: context.step + 1 })),
      goBack: assign(({ context }) => ({ step: context.step - 1 })),
      goToLastStep: assign({ step: last }),
      goToReview: assign({ step: review, formError: null }),
      goTo: assign(({ event }) => (event.type === 'JUMP' ? { step: event.step } : {})),
      reset: assign(({ context }) => ({
        step: 0,
        data: context.blank,
        fieldErrors: {},
        formError: null,
        restored: false,
      })),
      clearFormError: assign({ formError: null }),
      routeFieldErrors: assign(({ event }) => {
        const fieldErrors = ownedErrors(def, event)
        const step = Math.min(...Object.keys(fieldErrors).map((f) => ownerOf(def, f)))
        return { fieldErrors, step, formError: null }
      }),
      showFormError: assign(({ event }) => {
        const e = errorOf(event)
        const fieldMessages = Object.values(e.fieldErrors ?? {})
        return { formError: e.message ?? fieldMessages[0] ?? 'error' }
      }),
      keepResult: assign(({ event }) => ({ result: (event as { output?: unknown }).output })),
    },
    guards: {
      stepValid: ({ context }) => isStepValid(def, context, context.step),
      onLastStep: ({ context }) => context.step === last,
      hasPrevious: ({ context }) => context.step > 0,
      /** JUMP to an editing step whose predecessors are all valid. */
      canJumpToStep: ({ context, event }) =>
        event.type === 'JUMP' &&
        Number.isInteger(event.step) &&
        event.step >= 0 &&
        event.step <= last &&
        firstInvalidStep(def, context) >= event.step,
      /** JUMP to the review: every step valid. */
      canJumpToReview: ({ context, event }) =>
        event.type === 'JUMP' && event.step === review && firstInvalidStep(def, context) === review,
      allValid: ({ context }) => firstInvalidStep(def, context) === review,
      /** The refusal names at least one field that a step owns. */
      refusedOwnedField: ({ event }) => Object.keys(ownedErrors(def, event)).length > 0,
    },
    actors: {
      /** Send the data; resolve with the server's answer or reject with a WizardSubmitError. */
      submit: fromPromise<unknown, WizardData>(async () => undefined),
    },
  }).createMachine({
    id: 'wizard',
    context: ({ input }) => {
      const draft = input?.draft
      const blank = input?.blank ?? {}
      const data = { ...blank, ...draft?.data }
      const base = { blank, data, fieldErrors: {}, formError: null, result: undefined }
      // Resume where the draft was, but never past a step that is not valid (nor on the review:
      // the user sees the last step's fields again before reviewing).
      const step = Math.max(0, Math.min(draft?.step ?? 0, firstInvalidStep(def, base), last))
      return { ...base, step, restored: Boolean(draft) }
    },
    initial: 'editing',
    states: {
      editing: {
        on: {
          UPDATE: {
            actions: ['update', 'saveDraft'],
          },
          NEXT: [
            {
              guard: and(['stepValid', 'onLastStep']),
              target: 'review',
              actions: ['goToReview', 'saveDraft'],
            },
            {
              guard: and(['stepValid', not('onLastStep')]),
              actions: ['goNext', 'saveDraft'],
            },
          ],
          BACK: { guard: 'hasPrevious', actions: 'goBack' },
          JUMP: [
            { guard: 'canJumpToReview', target: 'review', actions: 'goToReview' },
            { guard: 'canJumpToStep', actions: 'goTo' },
          ],
          RESET: { actions: ['reset', 'clearDraft'] },
        },
      },
      review: {
        on: {
          BACK: { target: 'editing', actions: ['goToLastStep', 'clearFormError'] },
          JUMP: { guard: 'canJumpToStep', target: 'editing', actions: ['goTo', 'clearFormError'] },
          SUBMIT: { guard: 'allValid', target: 'submitting', actions: 'clearFormError' },
          RESET: { target: 'editing', actions: ['reset', 'clearDraft'] },
        },
      },
      submitting: {
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => context.data,
          onDone: { target: 'submitted', actions: ['keepResult', 'clearDraft'] },
          onError: [
            { guard: 'refusedOwnedField', target: 'editing', actions: 'routeFieldErrors' },
            { target: 'review', actions: 'showFormError' },
          ],
        },
      },
      submitted: { type: 'final' },
    },
  })
}

export type WizardMachine = ReturnType<typeof createWizardMachine>
