import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { PagePreloads } from '../../scripts/pagePreloads'
import { loadConfig } from '../config'
import type { Deps } from '../deps'
import { createServer } from '../server'

const preloads: PagePreloads = {
  pages: {
    '/login': { files: ['/vcc/assets/login-1.js'], namespaces: ['common', 'auth'] },
  },
  namespaces: {
    'en-US': { common: '/vcc/assets/common-en.js', auth: '/vcc/assets/auth-en.js' },
    'zh-CN': { common: '/vcc/assets/common-zh.js', auth: '/vcc/assets/auth-zh.js' },
  },
}

function consoleDir(withPreloads: boolean) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vcc-console-'))
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><head><title>c</title></head>')
  if (withPreloads) writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify(preloads))
  return dir
}

const deps = { config: loadConfig({ BASE_PATH: '/vcc/' }) } as Deps
const announced = async (res: Response) =>
  [...(await res.text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  )

describe("a page's HTML announces what the console loads next", () => {
  const app = createServer(deps, { consoleDir: consoleDir(true) })

  it("the page's chunks and its text in the default language", async () => {
    expect(await announced(await app.request('/vcc/login?from=%2Fmain%2Findex'))).toEqual([
      '/vcc/assets/login-1.js',
      '/vcc/assets/common-en.js',
      '/vcc/assets/auth-en.js',
    ])
  })

  it("the text of the language the console's cookie names", async () => {
    const res = await app.request('/vcc/login/', { headers: { Cookie: 'a=1; vcc-lang=zh-CN' } })
    expect(await announced(res)).toEqual([
      '/vcc/assets/login-1.js',
      '/vcc/assets/common-zh.js',
      '/vcc/assets/auth-zh.js',
    ])
  })

  it('nothing for a page it does not know, or without the build list', async () => {
    expect(await announced(await app.request('/vcc/main/nowhere'))).toEqual([])
    const bare = createServer(deps, { consoleDir: consoleDir(false) })
    const res = await bare.request('/vcc/login')
    expect(res.status).toBe(200)
    expect(await announced(res)).toEqual([])
  })
})
