import { z } from 'zod'
import { id, text, textarea } from '../lib/validators'
import { defineAction } from './action'
import { minorAmount } from './money'

/**
 * What is done to an existing card (docs/cards.md, "Card operations"), declared once: the
 * server mounts each (server/modules/card-ops/routes.ts), the card screens' dialog runs it.
 */

/** A value of the card_block_reason dictionary. */
const reasonCode = () => z.string().trim().min(1).max(50)

const moneyAnswer = z.object({
  cardId: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  entryId: z.number().int(),
  cardAvailable: z.number().int().meta({ description: 'The card’s available balance after' }),
})

const statusAnswer = z.object({ id: z.number().int(), status: z.string() })

/** A spending limit in minor units; null = no limit. */
const limit = () => minorAmount().nullable()

/** What a card's money moves change: the card, its merchant's balance, its transactions. */
const MONEY_CHANGES = ['cards', 'merchantBalances', 'cardTransactions'] as const

export const cardTopUp = defineAction({
  name: 'CardTopUp',
  path: '/card-ops/top-up',
  screen: 'cards-balance',
  button: 'top-up',
  summary: 'Top up a card from its merchant’s balance (once per requestId)',
  input: { id: id(), amount: minorAmount() },
  result: moneyAnswer,
  moneyMoves: true,
  audit: 'card.topUp',
  changes: MONEY_CHANGES,
})

export const cardWithdraw = defineAction({
  name: 'CardWithdraw',
  path: '/card-ops/withdraw',
  screen: 'cards-balance',
  button: 'withdraw',
  summary: 'Withdraw from a card to its merchant’s balance (once per requestId)',
  input: { id: id(), amount: minorAmount() },
  result: moneyAnswer,
  moneyMoves: true,
  audit: 'card.withdraw',
  changes: MONEY_CHANGES,
})

const limits = { perTransaction: limit(), daily: limit(), monthly: limit(), lifetime: limit() }

export const cardLimits = defineAction({
  name: 'CardLimits',
  path: '/card-ops/limits',
  screen: 'cards-balance',
  button: 'update-limit',
  summary: 'Set a card’s spending limits (null = none)',
  input: { id: id(), ...limits },
  result: z.object({ id: z.number().int(), ...limits }),
  moneyMoves: false,
  audit: 'card.limits',
  changes: ['cards'],
})

const reasonInput = { id: id(), reasonCode: reasonCode(), note: textarea() }

export const cardFreeze = defineAction({
  name: 'CardFreeze',
  path: '/card-ops/freeze',
  screen: 'cards-balance',
  button: 'freeze',
  summary: 'Freeze a card with a reason code',
  input: reasonInput,
  result: statusAnswer,
  moneyMoves: false,
  audit: 'card.freeze',
  changes: ['cards'],
})

export const cardUnfreeze = defineAction({
  name: 'CardUnfreeze',
  path: '/card-ops/unfreeze',
  screen: 'cards-balance',
  button: 'freeze',
  summary: 'Unfreeze a card with a reason code',
  input: reasonInput,
  result: statusAnswer,
  moneyMoves: false,
  audit: 'card.unfreeze',
  changes: ['cards'],
})

export const cardCancel = defineAction({
  name: 'CardCancel',
  path: '/card-ops/cancel',
  screen: 'cards-balance',
  button: 'cancel',
  summary: 'Ask for a card’s cancellation; another person reviews it (cards-cancel-review)',
  input: reasonInput,
  result: statusAnswer,
  moneyMoves: false,
  audit: 'card.cancelRequest',
  changes: ['cards', 'cardRequests'],
})

export const cardBalanceUpdate = defineAction({
  name: 'CardBalanceUpdate',
  path: '/card-ops/balance-updates/save',
  screen: 'cards-transactions-update-balance',
  button: 'request',
  summary: 'Ask for a correction of a card’s balance (+ or −), reviewed by another person',
  input: { cardId: id(), sign: z.enum(['+', '-']), amount: minorAmount(), note: text(500) },
  result: statusAnswer,
  moneyMoves: false,
  audit: 'card.balanceUpdateRequest',
  changes: ['cardRequests'],
})
