import { describe, expect, it } from 'vitest'
import {
  createActor,
  fromPromise,
  transition,
  type AnyStateNode,
  type SnapshotFrom,
  type TransitionDefinition,
} from 'xstate'
import { createTestModel, getStateNodes } from 'xstate/graph'
import { z } from 'zod'
import { checkPathsAgainstTable } from '../../tests/model/checkStateTable'
import { modelOf } from '../../tests/model/modelOf'
import {
  registerE2eModel,
  registerModelMachine,
  registerStateKey,
} from '../../tests/model/registerE2eModel'
import { EFFECTS, REGISTER_TABLE, UNIVERSE } from '../../tests/model/registerTable'
import { createWizardMachine, type WizardDefinition, type WizardEvent } from './wizard'

/**
 * A three-step wizard, one required field per step. Small on purpose: the rules of the machine
 * do not depend on how many fields a step has, and every combination of valid / invalid steps
 * is still reachable.
 */
const FIELDS = ['a', 'b', 'c'] as const
type Field = (typeof FIELDS)[number]
const required = z.string().trim().min(1)
const DEF: WizardDefinition = {
  id: 'test',
  steps: FIELDS.map((f) => ({ id: f, schema: z.object({ [f]: required }), fields: [f] })),
}
/** Blank fields, as a fresh form has them (a blank is the same invalid value as ' '). */
const START = { draft: { data: { a: ' ', b: ' ', c: ' ' }, step: 0 } }

const machine = createWizardMachine(DEF)
const modelMachine = modelOf(machine)
type Snapshot = SnapshotFrom<typeof modelMachine>

type Refusal = { fieldErrors?: Record<string, string>; message?: string }
const REFUSALS: Refusal[] = [
  { fieldErrors: { b: 'taken' } },
  { fieldErrors: { nowhere: 'unknown field' } },
  { message: 'server down' },
]
const USER_EVENTS: WizardEvent[] = [
  ...FIELDS.flatMap((f) => [
    { type: 'UPDATE' as const, data: { [f]: 'x' } },
    { type: 'UPDATE' as const, data: { [f]: ' ' } },
  ]),
  { type: 'NEXT' },
  { type: 'BACK' },
  ...[0, 1, 2, 3].map((step) => ({ type: 'JUMP' as const, step })),
  { type: 'SUBMIT' },
  { type: 'RESET' },
]
/** Jumps to no step (before the first, past the review, between two): refused in every state. */
const OUT_OF_RANGE_JUMPS: WizardEvent[] = [-1, 4, 1.5].map((step) => ({ type: 'JUMP', step }))
const SAMPLE_EVENTS = [
  ...USER_EVENTS,
  { type: 'xstate.done.actor.submit', output: { registrationId: 7 } },
  ...REFUSALS.map((error) => ({ type: 'xstate.error.actor.submit', error })),
]

/**
 * States that behave alike are one state of the model: a blank field is blank whether it was
 * never typed in or emptied, and whether the data came from a draft changes no rule.
 */
function serializeState(s: Snapshot) {
  const { step, data, fieldErrors, formError } = s.context
  const blankOr = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : ' ')
  return JSON.stringify({
    value: s.value,
    step,
    data: FIELDS.map((f) => blankOr(data[f])),
    complaints: Object.keys(fieldErrors).sort(),
    formError: formError !== null,
  })
}

const model = createTestModel(modelMachine, {
  events: SAMPLE_EVENTS as never,
  input: START,
  serializeState: serializeState as never,
})

// ---------------------------------------------------------------------------------------------
// The expectations, written from the wizard's rules and NOT from the machine: a plain reducer of
// what the user must see after each event, and a table of which buttons each situation allows.
// Break a guard of the machine and these disagree with it.
// ---------------------------------------------------------------------------------------------

type Where = 0 | 1 | 2 | 'review' | 'submitting' | 'submitted'
interface Expected {
  where: Where
  data: Record<Field, string>
  /** Fields with an open server complaint. */
  complaints: string[]
  /** A refusal shown on the review. */
  formError: boolean
}

const EMPTY: Record<Field, string> = { a: ' ', b: ' ', c: ' ' }
const filled = (e: Expected, i: number) =>
  e.data[FIELDS[i]].trim() !== '' && !e.complaints.includes(FIELDS[i])
const allFilled = (e: Expected) => FIELDS.every((_, i) => filled(e, i))
const prefixFilled = (e: Expected, upTo: number) =>
  FIELDS.slice(0, upTo).every((_, i) => filled(e, i))
const editing = (e: Expected): e is Expected & { where: 0 | 1 | 2 } => typeof e.where === 'number'

/** What the buttons allow, situation by situation. */
function allowed(e: Expected, ev: WizardEvent): boolean {
  switch (ev.type) {
    case 'UPDATE':
      return editing(e)
    case 'NEXT':
      return editing(e) && filled(e, e.where as number)
    case 'BACK':
      return (editing(e) && e.where !== 0) || e.where === 'review'
    case 'JUMP':
      if (ev.step === 3) return editing(e) && allFilled(e)
      return (editing(e) || e.where === 'review') && prefixFilled(e, ev.step)
    case 'SUBMIT':
      return e.where === 'review' && allFilled(e)
    case 'RESET':
      return editing(e) || e.where === 'review'
  }
}

/** Where each event takes the user. */
function expectedAfter(e: Expected, ev: { type: string } & Record<string, any>): Expected {
  if (ev.type === 'xstate.done.actor.submit') return { ...e, where: 'submitted' }
  if (ev.type === 'xstate.error.actor.submit') {
    const refusal = ev.error as Refusal
    const owned = Object.keys(refusal.fieldErrors ?? {}).filter((f) =>
      (FIELDS as readonly string[]).includes(f),
    )
    if (owned.length) {
      const where = Math.min(...owned.map((f) => FIELDS.indexOf(f as Field))) as 0 | 1 | 2
      return { ...e, where, complaints: owned, formError: false }
    }
    return { ...e, where: 'review', formError: true }
  }
  const event = ev as WizardEvent
  if (!allowed(e, event)) return e
  switch (event.type) {
    case 'UPDATE': {
      const data = { ...e.data, ...(event.data as Record<Field, string>) }
      const complaints = e.complaints.filter(
        (f) => !(f in event.data) || data[f as Field] === e.data[f as Field],
      )
      return { ...e, data, complaints }
    }
    case 'NEXT':
      return { ...e, where: e.where === 2 ? 'review' : (((e.where as number) + 1) as Where) }
    case 'BACK':
      return {
        ...e,
        where: e.where === 'review' ? 2 : (((e.where as number) - 1) as Where),
        formError: false,
      }
    case 'JUMP':
      return { ...e, where: event.step === 3 ? 'review' : (event.step as Where), formError: false }
    case 'SUBMIT':
      return { ...e, where: 'submitting', formError: false }
    case 'RESET':
      return { where: 0, data: { ...EMPTY }, complaints: [], formError: false }
  }
}

/** The same situation read off the real machine's snapshot. */
function observed(snap: SnapshotFrom<typeof machine>): Expected {
  const where: Where = snap.matches('editing')
    ? (snap.context.step as 0 | 1 | 2)
    : (snap.value as Where)
  return {
    where,
    data: { ...EMPTY, ...(snap.context.data as Record<Field, string>) },
    complaints: Object.keys(snap.context.fieldErrors).sort(),
    formError: snap.context.formError !== null,
  }
}

// ---------------------------------------------------------------------------------------------

type Path = { state: Snapshot; steps: { event: any; state: Snapshot }[] }

/** The real machine, its submission held until the path answers it, its drafts recorded. */
function createSut() {
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null
  const drafts: string[] = []
  const sut = machine.provide({
    actors: {
      submit: fromPromise<unknown, any>(
        () =>
          new Promise((resolve, reject) => {
            pending = { resolve, reject }
          }),
      ),
    },
    actions: {
      saveDraft: ({ context }) => drafts.push(`save ${context.step}`),
      clearDraft: () => drafts.push('clear'),
    },
  })
  const actor = createActor(sut, { input: START }).start()
  return {
    actor,
    drafts,
    answer: async (ok: boolean, value: unknown) => {
      const p = pending
      expect(p, 'a submission in flight').toBeTruthy()
      pending = null
      if (ok) p!.resolve(value)
      else p!.reject(value)
      for (let i = 0; i < 5; i++) await Promise.resolve()
    },
  }
}

async function runPath(path: Path) {
  const sut = createSut()
  let expected: Expected = { where: 0, data: { ...EMPTY }, complaints: [], formError: false }
  const check = () => {
    const snap = sut.actor.getSnapshot()
    expect(observed(snap)).toEqual(expected)
    // Every button the UI derives from can() agrees with the table.
    for (const ev of USER_EVENTS) {
      expect(snap.can(ev), `can(${JSON.stringify(ev)}) at ${JSON.stringify(expected)}`).toBe(
        allowed(expected, ev),
      )
    }
    for (const ev of OUT_OF_RANGE_JUMPS) {
      expect(snap.can(ev), `can(${JSON.stringify(ev)}) at ${JSON.stringify(expected)}`).toBe(false)
    }
  }
  check()
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue
    expected = expectedAfter(expected, step.event)
    if (step.event.type === 'xstate.done.actor.submit') await sut.answer(true, step.event.output)
    else if (step.event.type === 'xstate.error.actor.submit')
      await sut.answer(false, step.event.error)
    else sut.actor.send(step.event)
    check()
  }
  sut.actor.stop()
}

function allTransitions(): Map<TransitionDefinition<any, any>, string> {
  const nodes: AnyStateNode[] = [modelMachine.root, ...getStateNodes(modelMachine.root)]
  const out = new Map<TransitionDefinition<any, any>, string>()
  for (const node of nodes) {
    for (const [type, list] of node.transitions) {
      list.forEach((t, i) => out.set(t, `${node.id} ${type} #${i}`))
    }
  }
  return out
}

describe('the registration wizard against its table (createTestModel)', () => {
  it('every situation the walk reaches is held to its row, and every row is reached', () => {
    checkPathsAgainstTable(
      {
        machine: registerModelMachine,
        table: REGISTER_TABLE,
        keyOf: registerStateKey,
        universe: UNIVERSE,
        effects: EFFECTS,
      },
      registerE2eModel.getShortestPaths({ allowDuplicatePaths: true }) as never,
    )
  })
})

describe('wizard machine, model-based (createTestModel)', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true }) as unknown as Path[]
  const eventsOf = model.options.events as unknown as (s: Snapshot) => any[]

  it('reaches every state and every step through its shortest paths', async () => {
    const reached = new Set<string>()
    for (const path of model.getShortestPaths() as unknown as Path[]) {
      await runPath(path)
      for (const { state: s } of path.steps) {
        reached.add(s.matches('editing') ? `editing ${s.context.step}` : String(s.value))
      }
    }
    expect([...reached].sort()).toEqual(
      ['editing 0', 'editing 1', 'editing 2', 'review', 'submitted', 'submitting'].sort(),
    )
  })

  it('has a state space small enough to walk whole', () => {
    expect(shortest.length).toBeLessThan(100)
  })

  it('takes every transition (each guarded candidate), and refuses what the table refuses', async () => {
    const defs = allTransitions()
    const taken = new Set<string>()
    for (const path of shortest) {
      for (const event of eventsOf(path.state)) {
        const picked = modelMachine.getTransitionData(path.state, event)
        const [next] = transition(modelMachine, path.state, event)
        await runPath({ state: next, steps: [...path.steps, { event, state: next }] })
        for (const t of picked) taken.add(defs.get(t)!)
      }
    }
    expect([...defs.values()].filter((d) => !taken.has(d))).toEqual([])
  })
})

describe('wizard drafts and resuming', () => {
  it('saves the draft on every change and step, and clears it once submitted', async () => {
    const sut = createSut()
    sut.actor.send({ type: 'UPDATE', data: { a: 'x' } })
    sut.actor.send({ type: 'NEXT' })
    sut.actor.send({ type: 'UPDATE', data: { b: 'x' } })
    sut.actor.send({ type: 'NEXT' })
    sut.actor.send({ type: 'UPDATE', data: { c: 'x' } })
    sut.actor.send({ type: 'NEXT' })
    sut.actor.send({ type: 'SUBMIT' })
    await sut.answer(true, { id: 1 })
    expect(sut.drafts).toEqual([
      'save 0',
      'save 1',
      'save 1',
      'save 2',
      'save 2',
      'save 3',
      'clear',
    ])
    expect(sut.actor.getSnapshot().context.result).toEqual({ id: 1 })
  })

  it('resumes a draft at its step, but never past an invalid step, and says it was restored', () => {
    const resume = (data: Record<string, string>, step: number) =>
      createActor(machine, { input: { draft: { data, step } } })
        .start()
        .getSnapshot()
    const full = resume({ a: 'x', b: 'x', c: 'x' }, 2)
    expect([full.value, full.context.step, full.context.restored]).toEqual(['editing', 2, true])
    expect(resume({ a: 'x', b: '', c: 'x' }, 2).context.step).toBe(1)
    expect(resume({ a: 'x', b: 'x', c: 'x' }, 3).context.step).toBe(2)
    expect(resume({ a: 'x' }, -4).context.step).toBe(0)
    const fresh = createActor(machine, { input: {} }).start().getSnapshot()
    expect([fresh.context.step, fresh.context.restored]).toEqual([0, false])
  })

  it('RESET starts over and removes the draft', () => {
    const sut = createSut()
    sut.actor.send({ type: 'UPDATE', data: { a: 'x' } })
    sut.actor.send({ type: 'NEXT' })
    sut.actor.send({ type: 'RESET' })
    const snap = sut.actor.getSnapshot()
    expect([snap.context.step, snap.context.data, snap.context.restored]).toEqual([0, {}, false])
    const blank = { a: '', b: '', c: '' }
    const withBlank = createActor(machine, {
      input: { blank, draft: { data: { a: 'x' }, step: 1 } },
    }).start()
    expect(withBlank.getSnapshot().context.data).toEqual({ a: 'x', b: '', c: '' })
    withBlank.send({ type: 'RESET' })
    expect(withBlank.getSnapshot().context.data).toEqual(blank)
    expect(sut.drafts.at(-1)).toBe('clear')
  })
})
