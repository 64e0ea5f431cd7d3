import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { LANGUAGES, type Language } from '../../src/i18n/languages'
import { PRERENDER_SCRIPTS, PRERENDERED_PATH } from '../../src/lib/prerenderedPage'
import { languageFromCookie } from './pagePreloads'

/**
 * The sign-in page's HTML as the build rendered it, in the caller's language (the language
 * cookie; src/lib/prerenderedPage.ts says why). Null for any other page, or when the build made
 * none (the console's index.html is sent then, as for every page).
 */
export function prerenderedPages(
  consoleDir: string,
): (pagePath: string, cookie?: string) => string | null {
  const pages = new Map<Language, string>()
  for (const lang of LANGUAGES) {
    const file = path.join(consoleDir, 'prerendered', `${lang}.html`)
    if (existsSync(file)) pages.set(lang, readFileSync(file, 'utf8'))
  }
  return (pagePath, cookie) => {
    if (pagePath.replace(/(.)\/$/, '$1') !== PRERENDERED_PATH) return null
    return pages.get(languageFromCookie(cookie)) ?? null
  }
}

/** The CSP sources that allow the prerendered page's inline scripts, and nothing else inline. */
export const prerenderScriptSources = PRERENDER_SCRIPTS.map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
)
