import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * Writes a gzip and a brotli copy beside every built script, stylesheet and JSON file, so the
 * server sends them as they are (`serveStatic({ precompressed: true })` in server/server.ts)
 * instead of compressing the same bytes again for every first load — on /login that was the
 * server's main work before the first paint.
 */
const COMPRESSIBLE = /\.(js|css|json|svg)$/

export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'vcc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
        const file = path.join(entry.parentPath, entry.name)
        const raw = readFileSync(file)
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }))
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        )
      }
    },
  }
}
