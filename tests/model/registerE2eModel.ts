/**
 * The registration wizard's machine as the end-to-end walk drives it through the real /register
 * page (tests/e2e/registerModel.spec.ts), and as the pure test holds it to the table
 * (registerTable.ts): shortest paths to every step, the review, a held submission, its success,
 * and the two refusals the server ties to a field. Only what a user can do on the page is in
 * it: filling the step on screen validly, Next, Back, a step-list jump to another step, Submit;
 * the server's answer is the route the walk holds.
 */
import { createTestModel } from 'xstate/graph'
import { createWizardMachine } from '../../src/machines/wizard'
import { REGISTER_BLANK, registerWizard } from '../../src/resources/merchantRegistration'
import { modelOf } from './modelOf'
import {
  BACK,
  FILL,
  JUMP,
  NEXT,
  refused,
  registerKey,
  STEP_VALUES,
  SUBMIT,
  SUBMITTED,
} from './registerTable'

export { REFUSALS, STEP_VALUES } from './registerTable'

export const registerModelMachine = modelOf(createWizardMachine(registerWizard))
type Snapshot = ReturnType<typeof registerModelMachine.getInitialSnapshot>

export const registerStateKey = (s: Snapshot) => registerKey(s as never, registerWizard.steps)

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
    case 'RESET':
      // "Start over" is offered with a restored draft only; the walk starts without one.
      return false
    default:
      return true
  }
}

export const registerE2eModel = createTestModel(registerModelMachine, {
  input: { blank: REGISTER_BLANK },
  events: [
    ...FILL,
    NEXT,
    BACK,
    ...JUMP,
    SUBMIT,
    SUBMITTED,
    refused('email'),
    refused('referralCode'),
  ] as never,
  filterEvents: drivable as never,
  serializeState: registerStateKey as never,
})
