/**
 * The registration wizard's table (the wizard machine, src/machines/wizard.ts, on the /register
 * definition), written from the wizard's rules and not from the machine: per situation, which
 * events the wizard accepts, where each leads and which draft effect follows, and which it
 * refuses (every event of UNIVERSE a row does not accept). The pure test
 * (src/machines/wizard.test.ts) holds the machine to it; the console walk
 * (tests/e2e/registerModel.spec.ts) holds the page's buttons to it.
 *
 * A situation's key: the step on screen (1–3), the review, the submission or its success; on a
 * step, which steps hold valid values (✓ or ·, by the step's own schema) and a field the server
 * refused and that has not changed since.
 */
import type { WizardData } from '../../src/machines/wizard'
import {
  except,
  on,
  type Accepted,
  type StateRow,
  type StateTable,
  type TableEvent,
} from './stateTable'

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

export const FILL = STEP_VALUES.map((data) => ({ type: 'UPDATE', data }))
export const JUMP = [0, 1, 2, 3].map((step) => ({ type: 'JUMP', step }))
/**
 * Jumps to no step at all: before the first, past the review, between two steps. No button
 * sends them, so every row refuses them; they are here because a table of jumps 0–3 only let a
 * wizard that took `JUMP -1` pass (issue 25, finding 8c).
 */
export const JUMP_OUT_OF_RANGE = [-1, 4, 1.5].map((step) => ({ type: 'JUMP', step }))
export const NEXT = { type: 'NEXT' }
export const BACK = { type: 'BACK' }
export const SUBMIT = { type: 'SUBMIT' }
export const RESET = { type: 'RESET' }
export const SUBMITTED = { type: 'xstate.done.actor.submit', output: { registrationId: 1 } }
export const refused = (field: keyof typeof REFUSALS) => ({
  type: 'xstate.error.actor.submit',
  error: { fieldErrors: { [field]: REFUSALS[field].message }, message: REFUSALS[field].message },
})

export const UNIVERSE: TableEvent[] = [
  ...FILL,
  NEXT,
  BACK,
  ...JUMP,
  ...JUMP_OUT_OF_RANGE,
  SUBMIT,
  RESET,
  SUBMITTED,
  refused('email'),
  refused('referralCode'),
]

export const EFFECTS = ['saveDraft', 'clearDraft'] as const
const SAVE = { effects: ['saveDraft'] }
/** Starting over empties the form and removes the draft. */
const START_OVER = on(RESET, 'step 1 ···', { effects: ['clearDraft'] })

function row(...accepts: Accepted[]): StateRow {
  return { accepts, refuses: except(UNIVERSE, ...accepts.map((a) => a.event)) }
}

const E = ' (email refused)'
const R = ' (referralCode refused)'

export const REGISTER_TABLE: StateTable = {
  // Nothing filled: only the first step, and filling.
  'step 1 ···': row(
    on(FILL[0], 'step 1 ✓··', SAVE),
    on(FILL[1], 'step 1 ·✓·', SAVE),
    on(FILL[2], 'step 1 ··✓', SAVE),
    on(JUMP[0], 'step 1 ···'),
    START_OVER,
  ),
  'step 1 ✓··': row(
    on(FILL[0], 'step 1 ✓··', SAVE),
    on(FILL[1], 'step 1 ✓✓·', SAVE),
    on(FILL[2], 'step 1 ✓·✓', SAVE),
    on(NEXT, 'step 2 ✓··', SAVE),
    on(JUMP[0], 'step 1 ✓··'),
    on(JUMP[1], 'step 2 ✓··'),
    START_OVER,
  ),
  'step 2 ✓··': row(
    on(FILL[0], 'step 2 ✓··', SAVE),
    on(FILL[1], 'step 2 ✓✓·', SAVE),
    on(FILL[2], 'step 2 ✓·✓', SAVE),
    on(BACK, 'step 1 ✓··'),
    on(JUMP[0], 'step 1 ✓··'),
    on(JUMP[1], 'step 2 ✓··'),
    START_OVER,
  ),
  'step 1 ✓✓·': row(
    on(FILL[0], 'step 1 ✓✓·', SAVE),
    on(FILL[1], 'step 1 ✓✓·', SAVE),
    on(FILL[2], 'step 1 ✓✓✓', SAVE),
    on(NEXT, 'step 2 ✓✓·', SAVE),
    on(JUMP[0], 'step 1 ✓✓·'),
    on(JUMP[1], 'step 2 ✓✓·'),
    on(JUMP[2], 'step 3 ✓✓·'),
    START_OVER,
  ),
  'step 2 ✓✓·': row(
    on(FILL[0], 'step 2 ✓✓·', SAVE),
    on(FILL[1], 'step 2 ✓✓·', SAVE),
    on(FILL[2], 'step 2 ✓✓✓', SAVE),
    on(NEXT, 'step 3 ✓✓·', SAVE),
    on(BACK, 'step 1 ✓✓·'),
    on(JUMP[0], 'step 1 ✓✓·'),
    on(JUMP[1], 'step 2 ✓✓·'),
    on(JUMP[2], 'step 3 ✓✓·'),
    START_OVER,
  ),
  'step 3 ✓✓·': row(
    on(FILL[0], 'step 3 ✓✓·', SAVE),
    on(FILL[1], 'step 3 ✓✓·', SAVE),
    on(FILL[2], 'step 3 ✓✓✓', SAVE),
    on(BACK, 'step 2 ✓✓·'),
    on(JUMP[0], 'step 1 ✓✓·'),
    on(JUMP[1], 'step 2 ✓✓·'),
    on(JUMP[2], 'step 3 ✓✓·'),
    START_OVER,
  ),
  // Everything filled: every step, and the review, are a jump away.
  ...Object.fromEntries(
    [1, 2, 3].map((n) => [
      `step ${n} ✓✓✓`,
      row(
        ...FILL.map((fill) => on(fill, `step ${n} ✓✓✓`, SAVE)),
        on(NEXT, n === 3 ? 'review' : `step ${n + 1} ✓✓✓`, SAVE),
        ...(n > 1 ? [on(BACK, `step ${n - 1} ✓✓✓`)] : []),
        on(JUMP[0], 'step 1 ✓✓✓'),
        on(JUMP[1], 'step 2 ✓✓✓'),
        on(JUMP[2], 'step 3 ✓✓✓'),
        on(JUMP[3], 'review'),
        START_OVER,
      ),
    ]),
  ),
  review: row(
    on(BACK, 'step 3 ✓✓✓'),
    on(JUMP[0], 'step 1 ✓✓✓'),
    on(JUMP[1], 'step 2 ✓✓✓'),
    on(JUMP[2], 'step 3 ✓✓✓'),
    on(SUBMIT, 'submitting'),
    START_OVER,
  ),
  // Nothing but the server's answer moves a submission.
  submitting: row(
    on(SUBMITTED, 'submitted', { effects: ['clearDraft'] }),
    on(refused('email'), `step 2 ✓✓✓${E}`),
    on(refused('referralCode'), `step 1 ✓✓✓${R}`),
  ),
  submitted: row(),
  // A refused field holds its step (and every step after it) back until the field changes;
  // typing the same value again changes nothing.
  [`step 2 ✓✓✓${E}`]: row(
    ...FILL.map((fill) => on(fill, `step 2 ✓✓✓${E}`, SAVE)),
    on(BACK, `step 1 ✓✓✓${E}`),
    on(JUMP[0], `step 1 ✓✓✓${E}`),
    on(JUMP[1], `step 2 ✓✓✓${E}`),
    START_OVER,
  ),
  [`step 1 ✓✓✓${E}`]: row(
    ...FILL.map((fill) => on(fill, `step 1 ✓✓✓${E}`, SAVE)),
    on(NEXT, `step 2 ✓✓✓${E}`, SAVE),
    on(JUMP[0], `step 1 ✓✓✓${E}`),
    on(JUMP[1], `step 2 ✓✓✓${E}`),
    START_OVER,
  ),
  [`step 1 ✓✓✓${R}`]: row(
    ...FILL.map((fill) => on(fill, `step 1 ✓✓✓${R}`, SAVE)),
    on(JUMP[0], `step 1 ✓✓✓${R}`),
    START_OVER,
  ),
}

/** The table's key of a wizard snapshot (see the header). */
export function registerKey(
  s: { value: unknown; context: { step: number; data: WizardData; fieldErrors: object } },
  steps: readonly { schema: { safeParse: (d: unknown) => { success: boolean } } }[],
): string {
  if (s.value !== 'editing') return String(s.value)
  const flags = steps.map((st) => (st.schema.safeParse(s.context.data).success ? '✓' : '·'))
  const complaint = Object.keys(s.context.fieldErrors)
    .map((f) => ` (${f} refused)`)
    .join('')
  return `step ${s.context.step + 1} ${flags.join('')}${complaint}`
}
