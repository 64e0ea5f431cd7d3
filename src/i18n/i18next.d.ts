import type { resources } from './resources'

type Messages = (typeof resources)['en-US']
type Namespace = keyof Messages

/**
 * Typed message keys: every `t('ns:key')` and `t('key')` is checked against the en-US files,
 * so a key that exists in neither language fails `tsc`, not only a test
 * (src/i18n/resources.test.ts keeps the two languages' keys equal; i18nKeys.typecheck.ts
 * proves a bogus key is refused).
 *
 * Inside the /main shell every namespace of the language is loaded (src/i18n/index.ts), so at
 * run time any `ns:key` resolves from any `t`, and a key without a namespace is looked up in
 * `common`. A public page has the base namespaces, its title's and those it names
 * (`staticData.namespaces`). The default
 * namespace is declared as a list headed by `common` to say exactly that to the types: bare
 * keys are `common`'s, prefixed keys may name any namespace. `useTranslation(['dict',
 * 'common'])` keeps its own rule (bare keys are `dict`'s). The server's instance
 * (server/i18n.ts) is typed the same way; it names every key with its namespace.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: ['common', ...Exclude<Namespace, 'common'>[]]
    resources: Messages
  }
}
