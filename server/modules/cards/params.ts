import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { dictDetails, dicts, parameters } from '../../db/schema'

/** A whole-number system parameter, or `fallback` when absent, inactive or not a number. */
export async function intParameter(db: Db, name: string, fallback: number): Promise<number> {
  const [p] = await db
    .select({ value: parameters.value })
    .from(parameters)
    .where(and(eq(parameters.name, name), eq(parameters.active, true)))
  const n = p ? Number(p.value) : NaN
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback
}

/** Card creation's configured bounds (spec §5). A minimum top-up of 0 means no limit. */
export async function creationBounds(db: Db) {
  return {
    minValidityDays: await intParameter(db, 'card.min_validity_days', 0),
    minTopUp: await intParameter(db, 'card.min_topup', 0),
  }
}

/** Whether `code` is an active value of the active `card_usage_type` dictionary. */
export async function isUsageType(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dictDetails.id })
    .from(dictDetails)
    .innerJoin(dicts, eq(dicts.id, dictDetails.dictId))
    .where(
      and(
        eq(dicts.code, 'card_usage_type'),
        eq(dicts.active, true),
        eq(dictDetails.code, code),
        eq(dictDetails.active, true),
      ),
    )
  return !!row
}
