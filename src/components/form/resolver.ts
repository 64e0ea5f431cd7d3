import { zodResolver } from '@hookform/resolvers/zod'
import type { TFunction } from 'i18next'
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { fieldMessage, type FieldMessage } from '../../lib/fieldErrors'
// Before any schema parses: no compiled parsers under the CSP (src/zodConfig.ts).
import '../../zodConfig'

/** The spec's wording of a zod issue, in the user's language. */
export function messageText(t: TFunction, m: FieldMessage): string {
  return t(`validation:${m.key}`, m.params ?? {})
}

/** A schema's own message (`validation:<key>`, e.g. a cross-field rule) is a key: translate it. */
function translateOwnKeys(t: TFunction, tree: unknown): void {
  if (tree === null || typeof tree !== 'object') return
  const node = tree as Record<string, unknown>
  if (typeof node.message === 'string' && node.message.startsWith('validation:')) {
    node.message = messageText(t, fieldMessage({ code: 'custom', message: node.message }))
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'ref' && key !== 'message') translateOwnKeys(t, child)
  }
}

/**
 * zodResolver (zod 4) with the spec's messages: every issue goes through fieldMessage(), the
 * mapping the server's 400 answers use, so a client-side message reads exactly like the
 * server's. Issues with a message of their own (refine rules) keep precedence in zod, so their
 * `validation:<key>` message is translated afterwards.
 */
export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  t: TFunction,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const base = zodResolver(schema as never, {
    reportInput: true,
    error: (issue) => messageText(t, fieldMessage(issue as never)),
  }) as unknown as Resolver<z.input<S>, unknown, z.output<S>>
  return async (values, context, options) => {
    const result = await base(values, context, options)
    translateOwnKeys(t, result.errors as FieldErrors)
    return result
  }
}
