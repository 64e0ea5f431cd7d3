import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { dictDetails, dicts } from '../../db/schema'
import { fieldRefusal } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import { CARD_BLOCK_REASONS } from '../../../src/lib/codeLabels'
import { CardOpsRules } from './rules'

/** The dictionary of reason codes for freezing, unfreezing, cancelling and reviews. */
export const REASON_DICT = 'card_block_reason'

/** Seeds the reason dictionary (reference data, every database). */
export async function seedCardReasons(db: Db) {
  const [dict] = await db
    .insert(dicts)
    .values({
      code: REASON_DICT,
      name: 'Card block reason',
      type: 'system',
      remark: 'Why a card was frozen, unfrozen, cancelled or a request rejected',
    })
    .onConflictDoNothing()
    .returning()
  if (!dict) return
  await db.insert(dictDetails).values(
    CARD_BLOCK_REASONS.map((code, i) => ({
      dictId: dict.id,
      code,
      name: code.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()),
      seq: i + 1,
    })),
  )
}

/** Refuses a reason code that is not an active value of the dictionary (field `reasonCode`). */
export async function requireReason(ctx: ServiceContext, code: string, field = 'reasonCode') {
  const [row] = await ctx.db
    .select({ id: dictDetails.id })
    .from(dictDetails)
    .innerJoin(dicts, eq(dicts.id, dictDetails.dictId))
    .where(
      and(
        eq(dicts.code, REASON_DICT),
        eq(dicts.active, true),
        eq(dictDetails.code, code),
        eq(dictDetails.active, true),
      ),
    )
  if (!row)
    throw fieldRefusal(ctx, CardOpsRules.unknownReason, field, 'refusals:cardOps.unknownReason')
}
