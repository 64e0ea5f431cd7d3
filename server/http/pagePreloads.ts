import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, parseLanguage } from '../../src/i18n/languages'
import type { PagePreloads } from '../../scripts/pagePreloads'

/**
 * Announces in a page's HTML what the console will load right after its entry — the page's
 * code-split chunks and the text files of the caller's language — as `<link rel="modulepreload">`,
 * so the browser fetches and compiles them while the entry is still starting instead of in two
 * later rounds (scripts/pagePreloads.ts makes the list at build time). Nothing here changes what
 * runs: a wrong guess (another language) costs a few kilobytes.
 */
export function pagePreloadInjector(
  consoleDir: string,
): (pagePath: string, cookie?: string) => (html: string) => string {
  const file = path.join(consoleDir, 'page-preloads.json')
  const preloads: PagePreloads | null = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as PagePreloads)
    : null
  return (pagePath, cookie) => (html) => {
    if (!preloads) return html
    const page = preloads.pages[pagePath.replace(/(.)\/$/, '$1')]
    if (!page) return html
    const lang = languageFromCookie(cookie)
    const text = page.namespaces.map((ns) => preloads.namespaces[lang]?.[ns]).filter(Boolean)
    const links = [...new Set([...page.files, ...text])]
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
      .join('')
    return html.replace('</head>', `${links}</head>`)
  }
}

/** The console's language as its cookie says (src/i18n/index.ts mirrors it there). */
export function languageFromCookie(cookie: string | undefined) {
  const value = cookie
    ?.split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1]
  return value ? parseLanguage(value) : DEFAULT_LANGUAGE
}
