import type { ButtonCode } from '../../src/resources/registry'
import { z } from '@hono/zod-openapi'
import type { Action } from '../../src/resources/action'
import { PUBLIC_ACTION, withRule } from '../../src/resources/action'
import { button, PUBLIC } from '../auth/permissions'
import type { Deps } from '../deps'
import { LedgerRules } from '../ledger/rules'
import { serviceContext, type ServiceContext } from '../resources/context'
import { action } from './action'
import type { AdminApp } from './context'
import type { Rule } from './errors'
import { ok } from './respond'

interface Mount<A extends Action> {
  /** The contract's tag (the API area). */
  tag: string
  /** The business rules the call may refuse with (listed in the contract). */
  rules: Rule[]
  /**
   * The answer as the contract names it, when other calls answer the same (a request's detail):
   * it holds at least the definition's result.
   */
  answer?: z.ZodType<z.input<A['result']>>
  /**
   * A check of the body only the server can make (a country code against the server's list):
   * a 400 field error like the definition's own rules, before `run`.
   */
  check?: (input: z.output<A['input']>) => { path: string; message: string } | null
  /** The rule itself: the service call, with the checked input. */
  run: (
    ctx: ServiceContext,
    input: z.output<A['input']>,
    deps: Deps,
  ) => Promise<z.input<A['result']>>
}

/**
 * A definition's object schema under its contract name, rebuilt from its shape with this
 * module's `z` (a schema made before @hono/zod-openapi was loaded has no `.openapi()`).
 */
function named(schema: z.ZodType, name: string): z.ZodType {
  return schema instanceof z.ZodObject ? z.object(schema.shape).openapi(name) : schema
}

/**
 * Mounts an action from its definition (src/resources/action.ts): `POST /admin<path>` in the
 * contract with `<name>Request` / `<name>Answer`, the definition's button as its permission,
 * `requestIdReused` among its refusals when money moves (the service answers a repeat with the
 * first result), and the audit actions the service writes (`x-audit-actions`). Only `run` — the
 * rule — is the module's own.
 */
export function mountAction<A extends Action>(app: AdminApp, def: A, mount: Mount<A>) {
  const rules = def.moneyMoves
    ? [...mount.rules.filter((r) => r !== LedgerRules.requestIdReused), LedgerRules.requestIdReused]
    : mount.rules
  const request = withRule(z.object(def.shape).openapi(`${def.name}Request`), def.refine as never)
  const body = withRule(request, mount.check as never)
  const route = action({
    path: def.path,
    tag: mount.tag,
    summary: def.summary,
    // The definition ties the button to its own screen (`${N}:${ButtonOf<N>}`); over every
    // action that reads as any screen with any screen's button, hence the narrowing here.
    permission: def.permission === PUBLIC_ACTION ? PUBLIC : button(def.permission as ButtonCode),
    body,
    data: mount.answer ?? named(def.result, `${def.name}Answer`),
    rules,
  })
  const audits = typeof def.audit === 'string' ? [def.audit] : def.audit
  app.openapi({ ...route, 'x-audit-actions': audits }, async (c) =>
    ok(c, await mount.run(serviceContext(c), c.req.valid('json') as never, c.var.deps)),
  )
}
