import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { systemClock, type Deps } from './deps'
import { createServer } from './server'
import { Telemetry } from './telemetry/recorder'

const BIG_SCRIPT = 'export const x = 1\n'.repeat(500)

function consoleDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vcc-console-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title>')
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(path.join(dir, 'assets', 'big.js'), BIG_SCRIPT)
  writeFileSync(path.join(dir, 'assets', 'big.js.br'), brotliCompressSync(BIG_SCRIPT))
  return dir
}

// Serving files and the contract touches no database (an API answer is only counted, in memory).
const deps = (basePath: string) =>
  ({ config: loadConfig({ BASE_PATH: basePath }), telemetry: new Telemetry(systemClock) }) as Deps

describe('the process serves', () => {
  const app = createServer(deps('/vcc/'), { consoleDir: consoleDir() })

  it('the console under the base path, with client routing falling back to index.html', async () => {
    expect(await (await app.request('/vcc/assets/app.js')).text()).toBe('console.log(1)')
    const deep = await app.request('/vcc/main/dict-management?pageNum=2')
    expect(deep.status).toBe(200)
    expect(await deep.text()).toContain('<title>console</title>')
    const root = await app.request('/')
    expect(root.status).toBe(302)
    expect(root.headers.get('location')).toBe('/vcc/')
  })

  it("a built file's precompressed copy as it is, when the browser takes its encoding", async () => {
    const res = await app.request('/vcc/assets/big.js', { headers: { 'Accept-Encoding': 'br' } })
    expect(res.headers.get('content-encoding')).toBe('br')
    const body = Buffer.from(await res.arrayBuffer())
    expect(brotliDecompressSync(body).toString()).toBe(BIG_SCRIPT)
  })

  it('the contract and an API reference page that needs no network', async () => {
    const doc = await (await app.request('/admin/openapi.json')).json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/health']).toBeDefined()
    const page = await (await app.request('/admin/docs')).text()
    const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    expect(sources.length).toBeGreaterThan(0)
    for (const src of sources) {
      expect(src.startsWith('/admin/docs/')).toBe(true)
      expect((await app.request(src)).status).toBe(200)
    }
  })

  it('an unknown API path as an envelope, not as the console', async () => {
    const res = await app.request('/admin/nothing-here')
    expect(res.status).toBe(404)
    expect((await res.json()).code).toBe(404)
  })
})
