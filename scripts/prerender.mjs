// Writes the prerendered sign-in page, one file per language, into the console's build:
// dist/prerendered/<lang>.html is dist/index.html with the page's markup inside #root, the
// page's title and language, and its two inline scripts around the markup (src/lib/prerenderedPage.ts).
// The server sends it as /login's HTML (server/http/prerendered.ts). Runs after `vite build`
// and `vite build --ssr src/prerender.tsx` (dist-prerender/): `npm run build:console`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

process.env.NODE_ENV = 'production'
const dist = process.env.VITE_OUT_DIR || 'dist'
const entry = pathToFileURL(path.resolve(`${dist}-prerender/prerender.js`)).href
const {
  LANGUAGES,
  PRERENDER_FIXUP_SCRIPT,
  PRERENDER_HOLD_SCRIPT,
  PRERENDERED_ATTRIBUTE,
  renderPage,
} = await import(entry)

const index = readFileSync(path.join(dist, 'index.html'), 'utf8')
const out = path.join(dist, 'prerendered')
rmSync(out, { recursive: true, force: true })
mkdirSync(out)

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const replaceOnce = (html, pattern, replacement) => {
  if (!pattern.test(html)) throw new Error(`prerender: ${pattern} not found in index.html`)
  return html.replace(pattern, replacement)
}

for (const lang of LANGUAGES) {
  const page = await renderPage(lang)
  let html = replaceOnce(index, /<html lang="[^"]*">/, `<html lang="${lang}">`)
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
  // The "Loading…" notice is for a console that is slow to start; this page is already here.
  html = replaceOnce(html, /<div id="app-loading"[\s\S]*?<\/div>\s*/, '')
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<script>${PRERENDER_HOLD_SCRIPT}</script>` +
      `<div id="root" ${PRERENDERED_ATTRIBUTE}="${lang}">${page.html}</div>` +
      `<script>${PRERENDER_FIXUP_SCRIPT}</script>`,
  )
  writeFileSync(path.join(out, `${lang}.html`), html)
}
rmSync(`${dist}-prerender`, { recursive: true, force: true })
