/**
 * The sign-in page is rendered at build time, once per language (src/prerender.tsx,
 * scripts/prerender.mjs), and the server sends it as the HTML of /login
 * (server/http/prerendered.ts): the page paints with its HTML and CSS instead of after the
 * scripts, and the console hydrates it (src/main.tsx). What the build, the server and the
 * console share is here. docs/console-shell.md, "The prerendered sign-in page".
 */
import { STORAGE_KEYS } from './storageKeys'
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/languages'

/** On #root: the language its prerendered markup is in. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'

/** On #root once the console has taken the prerendered markup over. */
export const LIVE_ATTRIBUTE = 'data-live'

/** On a form of the prerendered markup that was submitted before the console took over. */
export const HELD_ATTRIBUTE = 'data-held'

/** The prerendered page's path below the base path. */
export const PRERENDERED_PATH = '/login'

/**
 * Runs before the prerendered markup is parsed (inline, just before it: it waits for the
 * stylesheet, and the parser with it, so no field of the page exists before it has run). A form
 * submitted before the console has taken over is held, not sent by the browser (that would put
 * the password in the address), and sent again once it has (`usePrerenderedForm` in
 * src/shell/prerendered.ts). Only while the markup is still the browser's own: hydrated (live)
 * or drawn again by the console (no longer marked prerendered), the console's handlers have it.
 * The server's CSP allows this script and the next by their hashes, and no other inline script.
 */
export const PRERENDER_HOLD_SCRIPT = `document.addEventListener('submit', function (e) {
  var root = document.getElementById('root')
  if (!root || !root.hasAttribute(${JSON.stringify(PRERENDERED_ATTRIBUTE)})) return
  if (root.hasAttribute(${JSON.stringify(LIVE_ATTRIBUTE)})) return
  e.preventDefault()
  e.target.setAttribute(${JSON.stringify(HELD_ATTRIBUTE)}, '')
}, true)`

/**
 * Runs right after the prerendered markup, before the first paint. It chooses as src/i18n and
 * src/shell/theme.ts will:
 * - markup in another language than the browser's stored one is hidden, and so is the whole
 *   page for a browser signed in (the console goes on to the dashboard, as `hasFullSession`
 *   decides in the /login route); the console then renders itself instead of hydrating;
 * - a dark theme (stored, or the system's until the user chooses) replaces the markup's light
 *   one; the hydrating render starts from light and then renders dark, which it already is.
 */
export const PRERENDER_FIXUP_SCRIPT = `(function () {
  var root = document.getElementById('root')
  function stored(key) {
    try { return JSON.parse(localStorage.getItem(key)) } catch (e) { return null }
  }
  var lang = stored(${JSON.stringify(STORAGE_KEYS.language)})
  if (${JSON.stringify(LANGUAGES)}.indexOf(lang) < 0) lang = ${JSON.stringify(DEFAULT_LANGUAGE)}
  var user = stored(${JSON.stringify(STORAGE_KEYS.user)})
  var signedIn = !!(user && user.token) && (user.stage || 'full') === 'full'
  if (signedIn || lang !== root.getAttribute(${JSON.stringify(PRERENDERED_ATTRIBUTE)})) {
    root.hidden = true
    return
  }
  var theme = stored(${JSON.stringify(STORAGE_KEYS.theme)})
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
  }
  if (theme === 'dark') {
    root.firstElementChild.classList.replace('light', 'dark')
    document.documentElement.style.colorScheme = 'dark'
  }
})()`

/** The page's inline scripts, in their order: the CSP allows exactly these. */
export const PRERENDER_SCRIPTS = [PRERENDER_HOLD_SCRIPT, PRERENDER_FIXUP_SCRIPT] as const
