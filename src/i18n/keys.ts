import type { ParseKeys } from 'i18next'
import type { resources } from './resources'
// Only the key set of the menu namespace, to tell a screen with a label from one without.
import menuMessages from './locales/en-US/menu.json'

/**
 * Message keys as types (src/i18n/i18next.d.ts types `t` itself). For keys that are computed
 * (a rule's message, a screen's menu label, a zod issue's message) so they stay checked:
 * build them from these unions instead of widening to `string`.
 */
type Messages = (typeof resources)['en-US']
export type Namespace = keyof Messages

/** Any message of the product, named with its namespace: `refusals:dict.notFound`. */
export type MessageKey = {
  [N in Namespace]: `${N}:${ParseKeys<N>}`
}[Namespace]

/** A key of one namespace, without its prefix: `ParseKeys<'validation'>` → `required` | … */
export type KeyOf<N extends Namespace> = ParseKeys<N>

/**
 * The label key of a screen by its registry name (`menu:dict-management`), or undefined for
 * a name the menu namespace does not have: src/lib/screens names are plain strings.
 */
export function menuKey(name: string): `menu:${keyof Messages['menu']}` | undefined {
  return Object.hasOwn(menuMessages, name) ? `menu:${name as keyof Messages['menu']}` : undefined
}
