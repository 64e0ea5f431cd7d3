// Compiles the server to one JavaScript file for production (`npm start` runs it with plain
// node, no TypeScript loader). Packages stay external (node_modules is there at run time); the
// files the server reads beside its own module are copied next to the bundle, so paths taken
// from `import.meta.url` resolve the same as in the sources.
import { cpSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const out = 'dist-server'
rmSync(out, { recursive: true, force: true })
await build({
  entryPoints: ['server/main.ts'],
  outfile: `${out}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
cpSync('server/db/migrations', `${out}/migrations`, { recursive: true })
cpSync('server/modules/public/logo.svg', `${out}/logo.svg`)
// The template render worker runs as its own module in a worker thread (renderPool.ts finds it
// beside the module that starts it: here, beside main.js).
cpSync('server/mail/templates/renderWorker.mjs', `${out}/renderWorker.mjs`)
