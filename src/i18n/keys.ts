import type { ParseKeys } from 'i18next'
import type { resources } from './resources'
import { screenByName } from '../lib/screens'

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

/**
 * An action a button may have: one with a label (`menu:button.<action>`). The definitions
 * declare their buttons with these, so a button without a label does not compile.
 */
export type ButtonAction = keyof Messages['menu'] extends infer K
  ? K extends `button.${infer A}`
    ? A
    : never
  : never

/** A key of one namespace, without its prefix: `ParseKeys<'validation'>` → `required` | … */
export type KeyOf<N extends Namespace> = ParseKeys<N>

/**
 * The label key of a screen by its registry name (`menu:dict-management`), or undefined for a
 * name that is not a screen of src/lib/screens.ts. Every screen there has a label in both
 * languages (./keys.test.ts checks it), so the registry answers without the menu text itself,
 * which pages before sign-in do not load.
 */
export function menuKey(name: string): `menu:${keyof Messages['menu']}` | undefined {
  return screenByName.has(name) ? `menu:${name as keyof Messages['menu']}` : undefined
}
