import { z } from 'zod'
import type { ButtonAction } from '../i18n/keys'
import type { AuditAction } from '../lib/auditActions'
import type { ScreenName } from '../lib/screens'

/**
 * A business action declared once (DESIGN §5): name, the button it needs, its input (the spec's
 * messages) and its result, and what it changes. Isomorphic: the server mounts the route from
 * it (server/http/mountAction.ts: contract, permission, idempotency, the call's audit name) and
 * the console gets a typed mutation and dialog (src/components/action). Only the rule itself —
 * the service the route calls — is written by hand.
 */

/**
 * The data sets an action can change. After it succeeds the console refreshes every query of
 * each (src/domain/queryKeys.ts maps them to query keys), so lists and figures on screen show
 * the new state without pressing Search.
 */
export const DATA_SETS = [
  'cards',
  'cardRequests',
  'cardTransactions',
  'cardGroups',
  'merchantBalances',
  'accountRequests',
  'channelAccounts',
  'mail',
  'audit',
] as const
export type DataSet = (typeof DATA_SETS)[number]

/** A client idempotency key: a retry returns the first result and moves nothing again. */
export const requestIdField = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/)
    .meta({ description: 'Client idempotency key: a retry returns the first result' })

/**
 * Who may call: the screen and button whose permission the call needs (the screen from
 * src/lib/screens.ts; the button is the registry's because the action declares it:
 * src/resources/registry.ts), or `public: true` for a call made before any sign-in (the merchant
 * registration). A public call is throttled by its service, not by a permission.
 */
type Access<N extends ScreenName, B extends ButtonAction> =
  { screen: N; button: B; public?: never } | { public: true; screen?: never; button?: never }

/** The permission code of a public action (no session, no button). */
export const PUBLIC_ACTION = 'public'

interface ActionFields<I extends z.ZodRawShape, R extends z.ZodType, M extends boolean> {
  /** Contract names `<name>Request` / `<name>Answer`; the console's messages `<name>`. */
  name: string
  /** `POST /admin<path>`. */
  path: string
  summary: string
  /** The input's fields (an object): the spec's messages, from src/lib/validators and money. */
  input: I
  /** A rule across fields (e.g. the source differs from the destination), on both halves. */
  // Method syntax: an action with its own input is still an `Action` (bivariant parameter).
  refine?(input: z.output<z.ZodObject<I>>): { path: string; message: string } | null
  result: R
  /**
   * Money moves: the input gets `requestId` (declared here, not by each action); the console
   * keeps one per attempt for its retries and takes a new one after a refusal; the server's
   * service answers a repeat with the first result.
   */
  moneyMoves: M
  /** The audit action(s) the service writes with the change (listed in the contract). */
  audit: AuditAction | readonly AuditAction[]
  /** What the action changes: refreshed on the console after success. */
  changes: readonly DataSet[]
}

export type ActionSpec<
  N extends ScreenName,
  I extends z.ZodRawShape,
  R extends z.ZodType,
  M extends boolean,
  B extends ButtonAction,
> = ActionFields<I, R, M> & Access<N, B>

type InputShape<I extends z.ZodRawShape, M extends boolean> = M extends true
  ? I & { requestId: ReturnType<typeof requestIdField> }
  : I

export interface Action<
  N extends ScreenName = ScreenName,
  I extends z.ZodRawShape = z.ZodRawShape,
  R extends z.ZodType = z.ZodType,
  M extends boolean = boolean,
  B extends string = string,
> extends Omit<ActionFields<I, R, M>, 'input'> {
  /** The whole body schema (with `requestId` when money moves). */
  input: z.ZodObject<InputShape<I, M>>
  /** The body's fields, for the contract's named schema. */
  shape: InputShape<I, M>
  /** `<screen>:<button>`, the permission code; `public` for a call without a session. */
  permission: `${N}:${B}` | typeof PUBLIC_ACTION
}

export type InputOf<A extends Action> = z.input<A['input']>
export type ResultOf<A extends Action> = z.output<A['result']>

/**
 * The action's cross-field rule on an object schema: the server applies it to its own copy of
 * the body schema (rebuilt under the contract name), the console to the definition's.
 */
export function withRule<O extends z.ZodObject>(
  schema: O,
  rule: ((input: never) => { path: string; message: string } | null) | undefined,
): O {
  if (!rule) return schema
  return schema.superRefine((v, ctx) => {
    const broken = rule(v as never)
    if (broken) ctx.addIssue({ code: 'custom', path: [broken.path], message: broken.message })
  }) as O
}

export function defineAction<
  N extends ScreenName,
  I extends z.ZodRawShape,
  R extends z.ZodType,
  M extends boolean,
  const B extends ButtonAction,
>(spec: ActionSpec<N, I, R, M, B>): Action<N, I, R, M, B> {
  const shape = (
    spec.moneyMoves ? { ...spec.input, requestId: requestIdField() } : spec.input
  ) as InputShape<I, M>
  // zod's object type drops `readonly` from the shape; the fields are the same.
  const input = withRule(z.object(shape), spec.refine?.bind(spec)) as unknown as z.ZodObject<
    InputShape<I, M>
  >
  const { screen, button, public: _public, ...fields } = spec
  return {
    ...fields,
    input,
    shape,
    permission: spec.public ? PUBLIC_ACTION : (`${screen}:${button}` as `${N}:${B}`),
  }
}
