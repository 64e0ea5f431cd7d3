/** Text rules shared by the zod validators (./validators.ts) and the screens that do without zod. */
export const TEXT_MAX = 100
export const TEXTAREA_MAX = 500

/**
 * Characters no text field may hold: NUL (PostgreSQL text cannot store it) and a UTF-16 half
 * without its partner (it has no UTF-8 form). Either one reached the database as a 500 (issue 7).
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const isSafeText = (v: string) => !v.includes('\u0000') && !UNPAIRED_SURROGATE.test(v)
