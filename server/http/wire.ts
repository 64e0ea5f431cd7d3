import { z } from '@hono/zod-openapi'
import { id } from '../../src/lib/validators'

/** Shapes every module's calls share on the wire (DESIGN §4). */

/** `{id}`: detail calls. */
export const IdRequest = z.object({ id: id() })

/**
 * `{ids}`: calls on selected rows. An empty list is the spec's "please Select Row" (a 400 field
 * error on `ids`); at most one page of the largest size.
 */
export const IdsRequest = z.object({
  ids: z.array(id()).min(1).max(200),
})

/** Timestamps go on the wire as UTC ISO 8601 (DESIGN §4). */
export const iso = (d: Date) => d.toISOString()
