import { SESSION } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { Profile, ProfileLanguageRequest, ProfileUpdateRequest } from './schemas'
import { getProfile, updateLanguage, updateProfile } from './service'

/** The signed-in user's own settings (settings-profile). Password: /public/password/update. */
export function registerProfile(app: AdminApp) {
  app.openapi(
    action({
      path: '/profile/query',
      tag: 'profile',
      summary: "The caller's profile: names, language, timezone, company, merchant and role",
      permission: SESSION,
      data: Profile,
    }),
    async (c) => ok(c, await getProfile({ ...serviceContext(c), actor: c.var.actor })),
  )

  app.openapi(
    action({
      path: '/profile/update',
      tag: 'profile',
      summary:
        "Change the caller's nick name, language (en_US | zh_CN) and timezone (an IANA zone or UTC)",
      permission: SESSION,
      body: ProfileUpdateRequest,
      data: Profile,
    }),
    async (c) =>
      ok(c, await updateProfile({ ...serviceContext(c), actor: c.var.actor }, c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/profile/language',
      tag: 'profile',
      summary: "Change the caller's language only (the header's switch); kept for the next sign-in",
      permission: SESSION,
      body: ProfileLanguageRequest,
      data: Profile,
    }),
    async (c) =>
      ok(
        c,
        await updateLanguage(
          { ...serviceContext(c), actor: c.var.actor },
          c.req.valid('json').language,
        ),
      ),
  )
}
