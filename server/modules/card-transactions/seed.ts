import { resources } from '../../../src/i18n/resources'
import type { Db } from '../../db/client'
import { dictDetails, dicts } from '../../db/schema'
import { DECLINE_REASONS } from '../../../src/lib/codeLabels'

/**
 * Reference data of card transactions: the decline reasons an operator reads in the list and
 * the transaction types. Stored names are the English labels (administrators may edit them);
 * zh-CN labels ship in `dict:values.<dict>.<code>`.
 */
export async function seedCardTransactionReference(db: Db) {
  const en = resources['en-US'].dict.values
  const [reasons] = await db
    .insert(dicts)
    .values({
      code: 'decline_reason',
      name: 'Decline reason',
      type: 'system',
      remark: 'Why an authorisation was declined',
    })
    .returning()
  await db.insert(dictDetails).values(
    DECLINE_REASONS.map((code, i) => ({
      dictId: reasons.id,
      code,
      name: en.decline_reason[code],
      seq: i + 1,
    })),
  )
  const [types] = await db
    .insert(dicts)
    .values({ code: 'card_transaction_type', name: 'Card transaction type', type: 'system' })
    .returning()
  await db.insert(dictDetails).values(
    (['purchase', 'refund'] as const).map((code, i) => ({
      dictId: types.id,
      code,
      name: en.card_transaction_type[code],
      seq: i + 1,
    })),
  )
}
