import { z } from 'zod'

/**
 * Zod compiles object parsers with `new Function` unless told not to; the console's Content
 * Security Policy (script-src 'self', no 'unsafe-eval') forbids that, and even zod's probe for
 * it is reported as a violation. Imported by every module of the console that parses (the form resolver, the wizard machine,
 * the lazy search schemas), so it has run before the first parse wherever zod is loaded.
 */
z.config({ jitless: true })
