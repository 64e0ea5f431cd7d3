import { z } from '@hono/zod-openapi'

/** A draft's data, as JSON, may take at most this many bytes (a wizard's fields, not files). */
export const DRAFT_MAX_BYTES = 16 * 1024
export const DRAFT_MAX_STEP = 50

const byteLength = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length

export const WizardName = z
  .string()
  .regex(/^[a-z][A-Za-z0-9.-]{0,49}$/, { message: 'validation:wizardName' })
  .openapi({ description: "The wizard definition's id", example: 'company.create' })

export const DraftKey = z.object({ wizard: WizardName }).openapi('DraftKey')

export const DraftSaveRequest = z
  .object({
    wizard: WizardName,
    data: z
      .record(z.string(), z.unknown())
      .refine((d) => byteLength(d) <= DRAFT_MAX_BYTES, { message: 'validation:draftTooLarge' })
      .openapi({
        description: `The wizard's field values (at most ${DRAFT_MAX_BYTES} bytes as JSON)`,
      }),
    step: z.number().int().min(0).max(DRAFT_MAX_STEP),
  })
  .openapi('DraftSaveRequest')

export const Draft = z
  .object({
    data: z.record(z.string(), z.unknown()),
    step: z.number().int(),
    updatedAt: z.string().openapi({ description: 'UTC ISO 8601' }),
  })
  .openapi('Draft')

export const DraftOrNone = Draft.nullable().openapi({ description: 'null: no draft' })

export const DraftDeleted = z.object({ deleted: z.boolean() }).openapi('DraftDeleted')
