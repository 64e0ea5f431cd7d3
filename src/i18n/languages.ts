/**
 * The product's languages. i18next and the UI use BCP 47 tags ('en-US'); the wire and the
 * stored session language use the spec's underscore form ('en_US').
 */
export const LANGUAGES = ['en-US', 'zh-CN'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en-US'

/**
 * The namespaces every page can show: the root's notices, toasts, title, error pages and field
 * errors. Here rather than in ./index.ts so the build (scripts/pagePreloads.ts) can read them.
 */
export const BASE_NAMESPACES = ['common', 'errors', 'shell', 'validation'] as const

/**
 * A cookie that tells the server the console's language, so a page's HTML can announce the
 * right language's text files before the console starts (server/http/pagePreloads.ts). The
 * choice itself lives in the browser's storage; the cookie only mirrors it.
 */
export const LANGUAGE_COOKIE = 'vcc-lang'

/** The request header that carries the caller's language. */
export const LANGUAGE_HEADER = 'Language'

/** Marks a background call: it does not count as user activity for the idle clock. */
export const BACKGROUND_HEADER = 'X-Background-Request'

/** Labels shown in the language switch: the language's own name and English (spec §1). */
export const LANGUAGE_LABELS: Record<Language, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文 (Chinese)',
}

export function toWire(lang: Language): string {
  return lang.replace('-', '_')
}

/** Accepts 'zh_CN', 'zh-CN', 'zh', 'zh-Hans-CN,zh;q=0.9' …; anything unknown is en-US. */
export function parseLanguage(value: string | null | undefined): Language {
  const first = (value ?? '').split(',')[0].trim().toLowerCase().replace('_', '-')
  if (first.startsWith('zh')) return 'zh-CN'
  return DEFAULT_LANGUAGE
}
