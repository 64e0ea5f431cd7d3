import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PRERENDER_FIXUP_SCRIPT, PRERENDER_HOLD_SCRIPT } from '../../src/lib/prerenderedPage'
import { loadConfig } from '../config'
import { systemClock, type Deps } from '../deps'
import { createServer } from '../server'
import { Telemetry } from '../telemetry/recorder'

/** A console build with the sign-in page prerendered in both languages (scripts/prerender.mjs). */
function consoleDir(prerendered: boolean) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vcc-console-'))
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title>')
  if (prerendered) {
    mkdirSync(path.join(dir, 'prerendered'))
    for (const [lang, title] of [
      ['en-US', 'Login'],
      ['zh-CN', '登录'],
    ])
      writeFileSync(
        path.join(dir, 'prerendered', `${lang}.html`),
        `<!doctype html><title>${title}</title><script>${PRERENDER_HOLD_SCRIPT}</script>` +
          `<div id="root"></div><script>${PRERENDER_FIXUP_SCRIPT}</script>`,
      )
  }
  return dir
}

const deps = {
  config: loadConfig({ BASE_PATH: '/vcc/' }),
  telemetry: new Telemetry(systemClock),
} as Deps
const titleOf = async (res: Response) => /<title>([^<]*)<\/title>/.exec(await res.text())?.[1]

describe('/login is sent prerendered', () => {
  const app = createServer(deps, { consoleDir: consoleDir(true) })

  it("in the language of the console's cookie, English without one", async () => {
    expect(await titleOf(await app.request('/vcc/login?from=%2Fmain%2Findex'))).toBe('Login')
    const zh = await app.request('/vcc/login/', { headers: { Cookie: 'a=1; vcc-lang=zh-CN' } })
    expect(await titleOf(zh)).toBe('登录')
  })

  it('only for the sign-in page: every other page is the console itself', async () => {
    expect(await titleOf(await app.request('/vcc/forgotpassword'))).toBe('console')
    expect(await titleOf(await app.request('/vcc/main/index'))).toBe('console')
  })

  it('with a CSP that allows its inline scripts by their hashes, and no other', async () => {
    const res = await app.request('/vcc/login')
    const scripts = [...(await res.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (m) => m[1],
    )
    expect(scripts).toHaveLength(2)
    const hashes = scripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`)
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy')!)![1]
    expect(scriptSrc.split(' ')).toEqual(["'self'", ...hashes])
    expect(scriptSrc).not.toContain('unsafe-inline')
  })

  it("the console's index.html when the build made none", async () => {
    const bare = createServer(deps, { consoleDir: consoleDir(false) })
    expect(await titleOf(await bare.request('/vcc/login'))).toBe('console')
  })
})
