/**
 * `createTestModel` (xstate/graph) refuses machines with `after` or `invoke`, yet the session
 * machine keeps its timers and calls in the machine on purpose. This makes the *model* of a
 * machine: the same states, guards and actions, with each delayed transition and each invoked
 * actor's done/error answer turned into an ordinary event of the exact type XState itself
 * raises (`xstate.after.<delay>.<state id>`, `xstate.done.actor.<id>`, `xstate.error.actor.<id>`).
 * A test then drives the real machine (or the real console) so that it produces that event.
 */
import { createMachine, type AnyStateMachine } from 'xstate'

type Node = Record<string, any>

function convert(node: Node, path: string[], machineId: string): Node {
  const out: Node = { ...node }
  const on: Node = { ...(node.on ?? {}) }
  const stateId = node.id ?? [machineId, ...path].join('.')
  if (node.after) {
    for (const [delay, transition] of Object.entries(node.after)) {
      on[`xstate.after.${delay}.${stateId}`] = transition
    }
    delete out.after
  }
  if (node.invoke) {
    const invokes = Array.isArray(node.invoke) ? node.invoke : [node.invoke]
    for (const inv of invokes) {
      if (!inv.id) throw new Error(`invoke in ${stateId} needs an id to be modelled`)
      if (inv.onDone) on[`xstate.done.actor.${inv.id}`] = inv.onDone
      if (inv.onError) on[`xstate.error.actor.${inv.id}`] = inv.onError
    }
    delete out.invoke
  }
  if (Object.keys(on).length) out.on = on
  if (node.states) {
    out.states = Object.fromEntries(
      Object.entries(node.states as Node).map(([key, child]) => [
        key,
        convert(child as Node, [...path, key], machineId),
      ]),
    )
  }
  return out
}

/** The machine's model for createTestModel: no timers, no invocations, same everything else. */
export function modelOf<M extends AnyStateMachine>(machine: M): M {
  const config = convert(machine.config as Node, [], machine.id)
  return createMachine(config as any, machine.implementations as any) as unknown as M
}
