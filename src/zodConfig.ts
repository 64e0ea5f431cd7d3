import { z } from 'zod'

/**
 * Zod compiles object parsers with `new Function` unless told not to; the console's Content
 * Security Policy (script-src 'self', no 'unsafe-eval') forbids that, and even zod's probe for
 * it is reported as a violation. Imported first by main.tsx, before any schema is used.
 */
z.config({ jitless: true })
