import { z } from '@hono/zod-openapi'
import { SCREENS } from '../../../src/lib/screens'

/** Screens a column setup may belong to: pages of the registry (not groups, not forms). */
export const COLUMN_SCREENS: ReadonlySet<string> = new Set(
  SCREENS.filter((s) => s.url && s.category !== 'group' && s.category !== 'form').map(
    (s) => s.name,
  ),
)
export const MAX_COLUMNS = 50
export const MIN_WIDTH = 40
export const MAX_WIDTH = 1200

const ScreenName = z
  .string()
  .refine((name) => COLUMN_SCREENS.has(name), { message: 'validation:unknownScreen' })
  .openapi({ example: 'dict-management' })

export const ColumnPref = z
  .object({
    /** The console's column id (e.g. 'code'). */
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z][\w.-]*$/),
    visible: z.boolean(),
    /** Pixels; absent: the screen's default width. */
    width: z.number().int().min(MIN_WIDTH).max(MAX_WIDTH).optional(),
  })
  .strict()
  .openapi('ColumnPref')

export const ColumnQueryRequest = z
  .object({ screen: ScreenName })
  .strict()
  .openapi('ColumnQueryRequest')

export const ColumnSaveRequest = z
  .object({
    screen: ScreenName,
    /** In display order; an empty list forgets the setup (the screen's defaults again). */
    columns: z
      .array(ColumnPref)
      .max(MAX_COLUMNS)
      .refine((cols) => new Set(cols.map((c) => c.id)).size === cols.length, {
        message: 'validation:duplicate',
      }),
  })
  .strict()
  .openapi('ColumnSaveRequest')

export const ColumnSetup = z
  .object({
    screen: z.string(),
    /** Empty: nothing saved, the screen shows its defaults. */
    columns: z.array(ColumnPref),
  })
  .openapi('ColumnSetup')
