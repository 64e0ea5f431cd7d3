import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { PUBLIC } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp, AppEnv } from '../../http/context'
import { ok } from '../../http/respond'
import { DEFAULT_LOGO, siteCopyright, siteOrigin } from './site'

const TAG = 'public'

const website = z.string().max(500).optional().openapi({
  description: "The site's origin; defaults to the request's Origin header",
  example: 'https://console.example.com',
})
const type = z
  .enum(['0', '1'])
  .optional()
  .openapi({ description: '1: the small icon variant (browser tab icon)' })

const SiteBody = z.object({ website })
const IconBody = z.object({ website, type })
const LogoData = z.object({ logo: z.string().openapi({ description: 'Image as a data URL' }) })

/** The site a public call is made for: the website it names, else the page it came from. */
function originOf(c: Context<AppEnv>, named: string | undefined) {
  return (
    siteOrigin(named) ?? siteOrigin(c.req.header('Origin')) ?? siteOrigin(c.req.header('Referer'))
  )
}

/**
 * Logos and copyright for the pages shown before sign-in. Companies cannot upload logos yet
 * (no logo columns), so every site, and both variants, get the product's default logo; the
 * copyright already follows the company whose website the site is.
 */
export function registerPublic(app: AdminApp) {
  app.openapi(
    action({
      path: '/public/headLogo',
      tag: TAG,
      summary: "The header logo of the site's company, or the product's",
      permission: PUBLIC,
      body: SiteBody,
      data: LogoData,
    }),
    (c) => ok(c, { logo: DEFAULT_LOGO }),
  )

  app.openapi(
    action({
      path: '/public/iconLogo',
      tag: TAG,
      summary: "The icon logo of the site's company, or the product's",
      permission: PUBLIC,
      body: IconBody,
      data: LogoData,
    }),
    (c) => ok(c, { logo: DEFAULT_LOGO }),
  )

  app.openapi(
    action({
      path: '/public/iconLogo',
      method: 'get',
      tag: TAG,
      summary: 'The icon logo, for pages that ask before any script runs (query website, type)',
      permission: PUBLIC,
      query: IconBody,
      data: LogoData,
    }),
    (c) => ok(c, { logo: DEFAULT_LOGO }),
  )

  app.openapi(
    action({
      path: '/public/queryCopyright',
      tag: TAG,
      summary: "The copyright line of the site's company, else the platform's",
      permission: PUBLIC,
      body: SiteBody,
      data: z.object({ copyright: z.string() }),
    }),
    async (c) => {
      const { website: named } = c.req.valid('json')
      return ok(c, { copyright: await siteCopyright(c.var.deps.db, originOf(c, named)) })
    },
  )
}
