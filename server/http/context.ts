import type { OpenAPIHono } from '@hono/zod-openapi'
import type { TFunction } from 'i18next'
import type { Language } from '../../src/i18n/languages'
import type { Actor } from '../auth/actor'
import type { Permission } from '../auth/permissions'
import type { SessionRow, UserRow } from '../auth/sessions'
import type { Deps } from '../deps'

export interface AppEnv {
  Variables: {
    deps: Deps
    lang: Language
    t: TFunction
    requestId: string
    ip: string
    /** Set by `authorize` for every non-public route. */
    actor: Actor
    session: SessionRow
    user: UserRow
    /** What the route needs (set by `authorize`): a refusal names the screen it was on. */
    permission: Permission
  }
}

export type AdminApp = OpenAPIHono<AppEnv>
