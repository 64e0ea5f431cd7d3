import { z } from 'zod'
import { id, text } from '../lib/validators'
import { defineAction } from './action'
import { cardGroups } from './cardGroups'
import { cardCreateRequest } from './cards'
import { currencyCode } from './currency'
import { minorAmount } from './money'

/**
 * What is done to a shared card group (docs/groups.md), declared once: the server mounts each
 * (server/modules/card-groups/routes.ts), the group screens run them with useAction. Money is
 * integers in the group currency's minor units.
 */

/** The group as its list shows it: the answer of the calls that change its figures. */
const groupAnswer = z.object(cardGroups.row.shape)
const groupIdAnswer = z.object({ id: z.number().int() })

/** Money between the merchant's balance and the pool: the group's figures and the balances. */
const POOL_CHANGES = ['cardGroups', 'merchantBalances'] as const
/** The group's cards: the group's figures and the cards' lists. */
const CARD_CHANGES = ['cardGroups', 'cards'] as const

export const groupCreate = defineAction({
  name: 'CardGroupCreate',
  path: '/card-group/create',
  screen: 'cards-share-group',
  button: 'add',
  summary:
    "Create a shared card group from a visible rule; its deposit moves from the merchant's " +
    'balance into the group pool. A repeated requestId answers the first group.',
  input: {
    merchantId: id(),
    ruleId: id(),
    name: text(),
    currency: currencyCode(),
    deposit: minorAmount(),
  },
  result: groupAnswer,
  moneyMoves: true,
  audit: 'card-group.create',
  changes: POOL_CHANGES,
})
export type GroupCreateRequest = z.output<typeof groupCreate.input>

const moneyInput = { id: id(), amount: minorAmount() }

export const groupTopUp = defineAction({
  name: 'CardGroupTopUp',
  path: '/card-group/top-up',
  screen: 'cards-share-group',
  button: 'top-up',
  summary: "Move money from the merchant's balance into the group pool (once per requestId)",
  input: moneyInput,
  result: groupAnswer,
  moneyMoves: true,
  audit: 'card-group.top-up',
  changes: POOL_CHANGES,
})

export const groupWithdraw = defineAction({
  name: 'CardGroupWithdraw',
  path: '/card-group/withdraw',
  screen: 'cards-share-group',
  button: 'withdraw',
  summary: "Move money from the group pool back to the merchant's balance (once per requestId)",
  input: moneyInput,
  result: groupAnswer,
  moneyMoves: true,
  audit: 'card-group.withdraw',
  changes: POOL_CHANGES,
})

export const groupAddCards = defineAction({
  name: 'CardGroupAddCards',
  path: '/card-group/cards/add',
  screen: 'cards-share-group',
  button: 'cards',
  summary:
    'Issue cards into the group on a shared-mode BIN, each with the same limit (no top-up of ' +
    'their own: they spend from the pool). A repeated requestId answers the first cards.',
  input: {
    ...cardCreateRequest.omit({ merchantId: true, initialAmount: true, requestId: true }).shape,
    groupId: id(),
    cardLimit: minorAmount(),
  },
  result: z.object({ cardIds: z.array(z.number().int()) }),
  moneyMoves: true,
  audit: ['card.create', 'card-group.add-cards'],
  changes: CARD_CHANGES,
})
export type GroupAddCardsRequest = z.output<typeof groupAddCards.input>

export const groupMoveCard = defineAction({
  name: 'CardGroupMoveCard',
  path: '/card-group/cards/move',
  screen: 'cards-share-group',
  button: 'cards',
  summary:
    "Move an active shared-mode card of the group's merchant and currency into the group; " +
    'its own balance goes to the pool',
  input: { groupId: id(), cardId: id(), cardLimit: minorAmount() },
  result: groupIdAnswer,
  moneyMoves: true,
  audit: 'card-group.move-card',
  changes: [...CARD_CHANGES, 'cardTransactions'],
})

const someCards = () => z.array(id()).min(1).max(200)

export const groupCardLimit = defineAction({
  name: 'CardGroupCardLimit',
  path: '/card-group/cards/limit',
  screen: 'cards-share-group',
  button: 'cards',
  summary:
    "Set the limit of some of the group's cards (within the rule; never below what a card spent)",
  input: { groupId: id(), cardIds: someCards(), cardLimit: minorAmount() },
  result: groupIdAnswer,
  moneyMoves: false,
  audit: 'card-group.card-limit',
  changes: CARD_CHANGES,
})

export const groupRemoveCards = defineAction({
  name: 'CardGroupRemoveCards',
  path: '/card-group/cards/remove',
  screen: 'cards-share-group',
  button: 'cards',
  summary: 'Take cards out of the group: their unspent limit is free in the pool again',
  input: { groupId: id(), cardIds: someCards() },
  result: groupIdAnswer,
  moneyMoves: false,
  audit: 'card-group.remove-cards',
  changes: CARD_CHANGES,
})
