import type { z } from 'zod'
import { resources } from '../i18n/resources'
import type { FieldSpecs } from './fields'
import { DEFINITIONS } from './registry'

/**
 * The resource definitions the generated tests walk (definitions.test.ts in Node,
 * definitions.browser.test.tsx drawn in Chromium), and the messages read directly, not
 * through i18next, so a label is checked against what the files hold.
 */
export interface Definition {
  name: string
  screen: string
  messages: string
  fields: FieldSpecs
  save: z.ZodObject
  filters?: Record<string, unknown>
}

export const definitions = DEFINITIONS.filter(
  (d): d is Definition => 'fields' in d && 'messages' in d && 'save' in d && 'screen' in d,
)

export const LANGUAGES = ['en-US', 'zh-CN'] as const
export type Language = (typeof LANGUAGES)[number]

/** The text of `ns:a.b.c` in `lang`, or undefined. */
export function message(lang: Language, key: string): unknown {
  const [ns, path] = key.split(':')
  let node: unknown = (resources[lang] as Record<string, unknown>)[ns]
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  return node
}
