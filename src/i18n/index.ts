import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readJson, STORAGE_KEYS, writeJson } from '../api/storage'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages'
import { NAMESPACES, resources } from './resources'

/** The console's i18next instance; the chosen language is kept in the browser. */
export const i18n = i18next.createInstance()

const stored = readJson<string>(STORAGE_KEYS.language, DEFAULT_LANGUAGE)
const initial: Language = (LANGUAGES as readonly string[]).includes(stored)
  ? (stored as Language)
  : DEFAULT_LANGUAGE

void i18n.use(initReactI18next).init({
  resources,
  ns: NAMESPACES,
  defaultNS: 'common',
  lng: initial,
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

document.documentElement.lang = initial

export function currentLanguage(): Language {
  return (i18n.language as Language) ?? DEFAULT_LANGUAGE
}

export async function setLanguage(lang: Language): Promise<void> {
  writeJson(STORAGE_KEYS.language, lang)
  document.documentElement.lang = lang
  await i18n.changeLanguage(lang)
}
