import i18next, { type TFunction } from 'i18next'
import { NAMESPACES, resources } from '../src/i18n/resources'
import { DEFAULT_LANGUAGE, type Language } from '../src/i18n/languages'

/** The server's own i18next instance over the console's resource files. */
const instance = i18next.createInstance()
void instance.init({
  resources,
  ns: NAMESPACES,
  defaultNS: 'errors',
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
})

export function translator(lang: Language): TFunction {
  return instance.getFixedT(lang)
}
