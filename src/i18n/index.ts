import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readJson, STORAGE_KEYS, writeJson } from '../api/storage'
import type { Namespace } from './keys'
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from './languages'

/**
 * The console's i18next instance; the chosen language is kept in the browser.
 *
 * Text is loaded on demand, one language and one namespace at a time (each JSON file is its own
 * chunk): the sign-in pages fetch only what they show, the signed-in console the rest of its
 * language (docs/console-shell.md, "What loads when"). A new namespace is a new file pair under
 * locales/; nothing here lists them. The server and the tests read every file through
 * ./resources.ts instead.
 */
export const i18n = i18next.createInstance()

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json')

/** Every namespace of the product, from the file names. */
export const ALL_NAMESPACES = [
  ...new Set(Object.keys(files).map((p) => p.slice(p.lastIndexOf('/') + 1, -'.json'.length))),
] as Namespace[]

export { BASE_NAMESPACES } from './languages'

/** What a route shows beyond the base: its title's namespace and any it names. */
export function namespacesOf(data: {
  title?: `${Namespace}:${string}`
  namespaces?: readonly Namespace[]
}): Namespace[] {
  const title = data.title ? [data.title.slice(0, data.title.indexOf(':')) as Namespace] : []
  return [...title, ...(data.namespaces ?? [])]
}

const stored = readJson<string>(STORAGE_KEYS.language, DEFAULT_LANGUAGE)
const initial: Language = (LANGUAGES as readonly string[]).includes(stored)
  ? (stored as Language)
  : DEFAULT_LANGUAGE

void i18n.use(initReactI18next).init({
  // Bundles are added as they load; an empty `resources` tells i18next there is no backend,
  // so `t` never waits: the routes load what they show before they render.
  resources: {},
  defaultNS: 'common',
  lng: initial,
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

// Not in the build's server render of the sign-in page (src/prerender.tsx): no document there.
if (typeof document !== 'undefined') {
  document.documentElement.lang = initial
  mirrorLanguageCookie(initial)
}

function mirrorLanguageCookie(lang: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`
}

/** Namespaces asked for so far: a language switch loads the same ones in the new language. */
const wanted = new Set<Namespace>()
const bundles = new Map<string, Promise<void>>()

function loadBundle(lang: Language, ns: Namespace): Promise<void> {
  const key = `${lang}/${ns}`
  let bundle = bundles.get(key)
  if (!bundle) {
    const file = files[`./locales/${key}.json`]
    bundle = file
      ? file().then((m) => void i18n.addResourceBundle(lang, ns, m.default, true, true))
      : Promise.resolve()
    // A failed fetch (the network dropped) is tried again by the next navigation.
    bundle.catch(() => bundles.delete(key))
    bundles.set(key, bundle)
  }
  return bundle
}

/**
 * Loads namespaces of the current language (or of `languages`) before something shows them;
 * resolves at once for those already here.
 */
export async function loadNamespaces(
  namespaces: readonly Namespace[],
  languages: readonly Language[] = [currentLanguage()],
): Promise<void> {
  for (const ns of namespaces) wanted.add(ns)
  await Promise.all(languages.flatMap((lang) => namespaces.map((ns) => loadBundle(lang, ns))))
}

export function currentLanguage(): Language {
  return (i18n.language as Language) ?? DEFAULT_LANGUAGE
}

export async function setLanguage(lang: Language): Promise<void> {
  writeJson(STORAGE_KEYS.language, lang)
  await loadNamespaces([...wanted], [lang])
  document.documentElement.lang = lang
  mirrorLanguageCookie(lang)
  await i18n.changeLanguage(lang)
}
