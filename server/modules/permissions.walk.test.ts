import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp } from '../app'
import { openSession, type SessionStage } from '../auth/sessions'
import { contractDocument } from '../contract'
import { buttons, menus, roleButtons, roleMenus, roles, users } from '../db/schema'
import type { Deps } from '../deps'
import { createTestApi, type TestApi } from '../testing/harness'

/**
 * Walks every operation of the contract × {no token, each demo user, a session still signing
 * in} and checks the answer against the operation's `x-permission` and the user's grants as
 * the database holds them. Routes other modules add later are walked without editing this file.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

interface Operation {
  method: (typeof METHODS)[number]
  path: string
  permission: string
}

// Registering routes touches no dependency (they are used per request), so the contract can be
// read before the database exists and each operation becomes its own test.
const doc = contractDocument(createApiApp({} as Deps))
const operations: Operation[] = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((method) => ({
    method,
    path,
    permission: (item as Record<string, Record<string, string>>)[method]['x-permission'],
  })),
)

const USERS = ['admin', 'company.admin', 'merchant.user', 'auditor'] as const

interface Grants {
  userId: number
  menus: Set<string>
  buttons: Set<string>
  /** Platform reach and a role flagged platform administrator. */
  platformAdmin: boolean
}

let api: TestApi
const grants = new Map<string, Grants>()

beforeAll(async () => {
  api = await createTestApi()
  const { db } = api.deps
  for (const loginName of USERS) {
    const [u] = await db.select().from(users).where(eq(users.loginName, loginName))
    const m = await db
      .select({ name: menus.name })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(eq(roleMenus.roleId, u.roleId))
    const b = await db
      .select({ code: buttons.code })
      .from(roleButtons)
      .innerJoin(buttons, eq(buttons.id, roleButtons.buttonId))
      .where(eq(roleButtons.roleId, u.roleId))
    const [role] = await db.select().from(roles).where(eq(roles.id, u.roleId))
    grants.set(loginName, {
      userId: u.id,
      platformAdmin: role.platformAdmin && u.companyId === null && u.merchantId === null,
      menus: new Set(m.map((r) => r.name)),
      buttons: new Set(b.map((r) => r.code)),
    })
  }
})
afterAll(() => api.close())

type Caller = { kind: 'anonymous' } | { kind: 'signing-in' } | { kind: 'user'; loginName: string }
type Expectation = 'allowed' | 401 | 403 | 1403

const CALLERS: Caller[] = [
  { kind: 'anonymous' },
  { kind: 'signing-in' },
  ...USERS.map((loginName) => ({ kind: 'user' as const, loginName })),
]

function expectation(permission: string, caller: Caller): Expectation {
  if (permission === 'public') return 'allowed'
  if (caller.kind === 'anonymous') return 401
  // authorize: a session in the middle of sign-in reaches only the sign-in steps.
  if (caller.kind === 'signing-in') return permission === 'signin' ? 'allowed' : 401
  if (permission === 'signin') return 403
  if (permission === 'session') return 'allowed'
  const g = grants.get(caller.loginName)!
  if (permission === 'platformAdmin') return g.platformAdmin ? 'allowed' : 403
  const colon = permission.indexOf(':')
  const [kind, target] = [permission.slice(0, colon), permission.slice(colon + 1)]
  if (kind === 'menu') return g.menus.has(target) ? 'allowed' : 403
  if (kind === 'button') return g.buttons.has(target) ? 'allowed' : 1403
  throw new Error(`unknown x-permission '${permission}'`)
}

/** A fresh session per call: a walked /logout must not end the session the next call uses. */
async function tokenFor(caller: Caller): Promise<string | undefined> {
  if (caller.kind === 'anonymous') return undefined
  const loginName = caller.kind === 'user' ? caller.loginName : 'admin'
  const stage: SessionStage = caller.kind === 'user' ? 'full' : 'verify_code'
  const { token } = await openSession(api.deps, grants.get(loginName)!.userId, stage, {})
  return token
}

/** Every kind of answer the walk expected, to prove it exercised each branch of the model. */
const seen = new Set<Expectation>()

const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '1')
const label = (c: Caller) => (c.kind === 'user' ? c.loginName : c.kind)

describe('the contract', () => {
  it('has operations, each declaring a permission', () => {
    expect(operations.length).toBeGreaterThan(10)
    for (const op of operations) {
      expect(op.permission, `${op.method} ${op.path}`).toMatch(
        /^(public|signin|session|platformAdmin|menu:[\w-]+|button:[\w-]+:[\w-]+)$/,
      )
    }
  })
})

describe.each(operations)('$method $path ($permission)', (op) => {
  it('answers each caller as its permission says', async () => {
    for (const caller of CALLERS) {
      const token = await tokenFor(caller)
      const res = await api.call(urlOf(op.path), op.method === 'get' ? undefined : {}, {
        method: op.method.toUpperCase(),
        token,
      })
      const want = expectation(op.permission, caller)
      seen.add(want)
      const what = `${op.method} ${op.path} as ${label(caller)}: ${res.status} ${JSON.stringify(res.body)}`
      if (want === 'allowed') {
        expect([401, 403], what).not.toContain(res.status)
        expect([401, 403, 1403], what).not.toContain(res.body?.code)
        // An empty body is refused as input or served; it never breaks the server.
        expect(res.status, what).toBeLessThan(500)
      } else {
        expect(res.status, what).toBe(want === 401 ? 401 : 403)
        expect(res.body.code, what).toBe(want)
      }
    }
  })

  it.runIf(op.permission !== 'public' && op.method !== 'get')(
    'decides on the session before reading the body',
    async () => {
      const res = await api.callRaw(urlOf(op.path), '{"not json')
      expect(res.status).toBe(401)
      expect(res.body.code).toBe(401)
    },
  )
})

describe('the walk', () => {
  it('met every kind of answer: allowed, 401, 403 and view-only 1403', () => {
    expect([...seen].sort()).toEqual([401, 403, 1403, 'allowed'].sort())
  })
})
