import { pagePreloadInjector } from './http/pagePreloads'
import { prerenderedPages, prerenderScriptSources } from './http/prerendered'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Hono, type Context } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { compress } from 'hono/compress'
import { serveStatic } from '@hono/node-server/serve-static'
import swaggerUi from 'swagger-ui-dist'
import { API_BASE, createApiApp } from './app'
import { contractDocument } from './contract'
import { varyOnEncoding } from './http/answerHeaders'
import type { Deps } from './deps'
import { translator } from './i18n'
import { LANGUAGE_HEADER, parseLanguage } from '../src/i18n/languages'

const swaggerDir = swaggerUi.getAbsoluteFSPath()
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
}

// No inline script: the page works under the CSP's `script-src 'self'`. `persistAuthorization`
// keeps the token entered under "Authorize" across reloads of the reference.
const docsInit = `SwaggerUIBundle({ url: '${API_BASE}/openapi.json', dom_id: '#ui', persistAuthorization: true })\n`

const docsPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>VCC Management Platform admin API</title>
<link rel="stylesheet" href="${API_BASE}/docs/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="${API_BASE}/docs/swagger-ui-bundle.js"></script>
<script src="${API_BASE}/docs/init.js"></script>
</body></html>`

/**
 * The headers every answer carries (issue 7, item 9). The CSP allows only this origin's own
 * scripts (and the prerendered sign-in page's two inline scripts, by their hashes), styles, images
 * and calls; inline styles stay allowed because Radix Themes and
 * Swagger UI set `style` attributes. Nothing may frame the console (clickjacking).
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...prerenderScriptSources],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  permissionsPolicy: {
    camera: [],
    microphone: [],
    geolocation: [],
    payment: [],
    usb: [],
  },
})

function notFoundEnvelope(c: Context) {
  const lang = parseLanguage(c.req.header(LANGUAGE_HEADER) ?? c.req.header('Accept-Language'))
  return c.json({ code: 404, msg: translator(lang)('refusals:notFound'), data: null }, 404)
}

/**
 * The whole process: the API under /admin, its contract and an offline reference page, and the
 * built console under BASE_PATH (any unknown path below it gets index.html: client routing).
 */
export function createServer(deps: Deps, opts: { consoleDir?: string } = {}) {
  const root = new Hono()
  root.use('*', securityHeaders)
  root.use('*', varyOnEncoding)
  root.use('*', compress())
  const api = createApiApp(deps)
  const contract = contractDocument(api)

  root.get(`${API_BASE}/openapi.json`, (c) => c.json(contract))
  root.get(`${API_BASE}/docs`, (c) => c.html(docsPage))
  root.get(`${API_BASE}/docs/init.js`, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    return c.body(docsInit)
  })
  root.get(`${API_BASE}/docs/:file`, (c) => {
    const file = c.req.param('file')
    const type = SWAGGER_FILES[file]
    if (!type) return notFoundEnvelope(c)
    c.header('Content-Type', type)
    c.header('Cache-Control', 'public, max-age=86400')
    return c.body(readFileSync(path.join(swaggerDir, file)))
  })
  root.route(API_BASE, api)
  // Unknown API paths answer in the envelope, never with the console's index.html.
  root.all(`${API_BASE}/*`, notFoundEnvelope)

  if (opts.consoleDir) {
    const base = deps.config.BASE_PATH
    const dir = opts.consoleDir
    const strip = (p: string) => (p.startsWith(base) ? '/' + p.slice(base.length) : p)
    // The build writes .br and .gz copies (scripts/precompress.ts): sent as they are.
    root.use(`${base}*`, serveStatic({ root: dir, rewriteRequestPath: strip, precompressed: true }))
    const index = () => readFileSync(path.join(dir, 'index.html'), 'utf8')
    const withPreloads = pagePreloadInjector(dir)
    const prerendered = prerenderedPages(dir)
    root.get(`${base}*`, (c) => {
      const page = strip(c.req.path)
      const cookie = c.req.header('Cookie')
      return c.html(withPreloads(page, cookie)(prerendered(page, cookie) ?? index()))
    })
    if (base !== '/') root.get('/', (c) => c.redirect(base))
  }
  return root
}
