import { CARD_STATUSES } from '../../src/machines/card'
import { channels, dictDetails, dicts, parameters } from '../db/schema'
import type { Deps } from '../deps'
import { seedAccountsReference } from '../modules/accounts/demo'
import { seedCardReasons } from '../modules/card-ops/reasons'

/** Reference data every database starts with: the sandbox channel, dictionaries, parameters. */
export async function seedReferenceData(deps: Deps) {
  await deps.db
    .insert(channels)
    .values({ code: 'sandbox', name: 'Sandbox issuer' })
    .onConflictDoNothing()
  const [cardStatus] = await deps.db
    .insert(dicts)
    .values({
      code: 'card_status',
      name: 'Card status',
      type: 'system',
      remark: 'Card lifecycle states',
    })
    .returning()
  await deps.db.insert(dictDetails).values(
    ['active', 'blocked', 'cancelled', 'pending'].map((code, i) => ({
      dictId: cardStatus.id,
      code,
      name: code[0].toUpperCase() + code.slice(1),
      seq: i + 1,
      isDefault: i === 0,
    })),
  )
  const [txStatus] = await deps.db
    .insert(dicts)
    .values({ code: 'transaction_status', name: 'Transaction status', type: 'system' })
    .returning()
  await deps.db.insert(dictDetails).values(
    ['success', 'pending', 'rejected', 'cancel'].map((code, i) => ({
      dictId: txStatus.id,
      code,
      name: code[0].toUpperCase() + code.slice(1),
      seq: i + 1,
    })),
  )
  await deps.db.insert(parameters).values([
    {
      name: 'card.min_validity_days',
      value: '30',
      description: 'Card validity cannot be less than this many days',
    },
    {
      name: 'card.min_topup',
      value: '0',
      description: 'Minimum card top-up in minor units; 0 means no limit',
    },
    {
      name: 'platform.copyright',
      value: '© VCC Management Platform',
      description: 'Copyright notice on public pages',
    },
    {
      name: 'mail.reset_link_minutes',
      value: '30',
      description: 'How long a password reset link stays valid',
      editable: false,
    },
  ])
  // Accounts screens (issue 8): movement types, minimum deposits.
  await seedAccountsReference(deps.db)
  // Card operations: reason codes of freezes, cancellations and reviews.
  await seedCardReasons(deps.db)
}

/** Cards: what a card is for (the create form offers these) and the card machine's states. */
const CARD_DICTS = [
  {
    code: 'card_usage_type',
    name: 'Card usage type',
    remark: 'What a card is used for (card creation)',
    values: ['advertising', 'travel', 'procurement', 'subscriptions', 'general'],
  },
  {
    code: 'card_state',
    name: 'Card state',
    remark: 'States of the card machine, and expired (the card list filter)',
    // `expired` is shown, not stored: an issued card past its expiry month (docs/cards.md).
    values: [...CARD_STATUSES, 'expired'],
  },
]
const dictName = (code: string) =>
  code[0].toUpperCase() + code.slice(1).replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)

/** Cards (issue 9): the card mode dictionary (the BIN list's filter offers its values). */
export async function seedCardModes(deps: Deps) {
  for (const d of CARD_DICTS) {
    const [dict] = await deps.db
      .insert(dicts)
      .values({ code: d.code, name: d.name, type: 'system', remark: d.remark })
      .returning()
    await deps.db.insert(dictDetails).values(
      d.values.map((code, i) => ({
        dictId: dict.id,
        code,
        name: dictName(code),
        seq: i + 1,
        isDefault: i === 0,
      })),
    )
  }
  const [cardMode] = await deps.db
    .insert(dicts)
    .values({ code: 'card_mode', name: 'Card mode', type: 'system', remark: 'Card BIN modes' })
    .returning()
  await deps.db.insert(dictDetails).values(
    ['prepaid', 'shared'].map((code, i) => ({
      dictId: cardMode.id,
      code,
      name: code[0].toUpperCase() + code.slice(1),
      seq: i + 1,
      isDefault: i === 0,
    })),
  )
}
