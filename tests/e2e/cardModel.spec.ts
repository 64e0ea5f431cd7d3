import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { cardE2eModel, cardKey, pathThrough } from '../model/cardE2eModel'
import {
  CARD_TABLE,
  FREEZE,
  REJECT,
  REQUEST_CANCEL,
  SELF_APPROVE,
  UNFREEZE,
} from '../model/cardTable'
import { accepts } from '../model/stateTable'
import { apiToken } from './api'
import {
  cardAction,
  cardsByAlias,
  cardStatus,
  fillCreateCards,
  press,
  reasonDialog,
  requestCancellation,
  sandbox,
  sandboxParameters,
  setSandboxParameter,
  type ChannelParameter,
} from './cardSupport'
import { choose, palette, signIn, toast, toastError, USERS, type Who } from './fixtures'

/**
 * The card machine (src/machines/card.ts), model-based through the real console: one test per
 * shortest path of tests/model/cardE2eModel.ts, and one path through unfreeze and both ways a
 * cancellation request is rejected (paths that are the start of a longer one are walked as
 * part of it). merchant.user acts by keyboard on the card detail; admin asks for cancellations
 * there, and company.admin reviews them on cards-cancel-review. The channel's answers come from
 * the sandbox issuer, whose failure injection (`/channels/parameters/save`, operation
 * `creationResult`) is set before the card is created, from the path's first event.
 *
 * Each state is checked on the page against its row of the card's hand-written table
 * (tests/model/cardTable.ts), never against `state.can()`: which of the merchant's operations
 * are enabled, and, while a cancellation waits, that its requester's own approval is refused
 * with the product's message. The badge, the card number and the pending-transactions note
 * are checked against the status below.
 */

test.describe.configure({ mode: 'serial' })

/** merchant.user's operations on the card detail and the event of the table each one sends. */
const OPS = {
  'Top up': { type: 'TOP_UP' },
  Withdraw: { type: 'WITHDRAW' },
  'Update limit': { type: 'UPDATE_LIMIT' },
  Freeze: FREEZE,
  Unfreeze: UNFREEZE,
  'Cancel card': REQUEST_CANCEL,
} as const

/** What the detail shows of a status: its badge, and whether a number was issued. */
const SHOWN: Record<string, { badge: string; issued: boolean }> = {
  creating: { badge: 'Being created', issued: false },
  pending: { badge: 'Pending', issued: false },
  systemError: { badge: 'System error', issued: false },
  failed: { badge: 'Failed', issued: false },
  active: { badge: 'Active', issued: true },
  blocked: { badge: 'Blocked', issued: true },
  cancelRequested: { badge: 'Cancel requested', issued: true },
  cancelled: { badge: 'Cancelled', issued: true },
}

/** The creation result the sandbox gives the next card, by the path's first event. */
const CREATION: Record<string, Omit<ChannelParameter, 'operation'>> = {
  // Long enough for the walk to see the card being created; it turns active a minute later.
  none: { latencyMs: 60_000, failurePercent: 0, failureKind: 'failed' },
  CHANNEL_CREATED: { latencyMs: 1_000, failurePercent: 0, failureKind: 'failed' },
  CHANNEL_PENDING: { latencyMs: 1_000, failurePercent: 100, failureKind: 'pending' },
  CHANNEL_FAILED: { latencyMs: 1_000, failurePercent: 100, failureKind: 'failed' },
  CHANNEL_SYSTEM_ERROR: { latencyMs: 1_000, failurePercent: 100, failureKind: 'systemError' },
}

const RUN = `${Date.now() % 1_000_000}`
let original: ChannelParameter | undefined

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, USERS.admin)
  original = (await sandboxParameters(request, token)).find((p) => p.operation === 'creationResult')
})

// Other specs share the server: the sandbox answers as before once each walk is done.
test.afterEach(async ({ request }) => {
  const token = await apiToken(request, USERS.admin)
  await setSandboxParameter(request, token, {
    operation: 'creationResult',
    latencyMs: original?.latencyMs ?? 0,
    failurePercent: original?.failurePercent ?? 0,
    // The seeded row keeps the column's default kind, which the call refuses for a creation
    // result (3035); with no failures it means nothing.
    failureKind: ['failed', 'pending', 'systemError'].includes(original?.failureKind ?? '')
      ? original!.failureKind
      : 'failed',
  })
})

function walker(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  alias: string,
  creation: keyof typeof CREATION,
) {
  let cardId = 0

  /** Runs `act` signed in as `who` in a browser context of its own. */
  const as = async (who: Who, act: (other: Page) => Promise<void>) => {
    const context = await browser.newContext()
    try {
      const other = await context.newPage()
      await signIn(other, who)
      await act(other)
    } finally {
      await context.close()
    }
  }

  /** On cards-cancel-review: this card's request, the cursor on it, Review asked for. */
  const openReview = async (reviewer: Page) => {
    await palette(reviewer, 'Card cancellation review', /^Card cancellation review/)
    const row = reviewer.getByRole('table').getByRole('row').nth(1)
    await expect(row).toContainText('Pending')
    const [card] = await cardsByAlias(request, alias)
    await expect(row).toContainText(card!.last4)
    await reviewer.keyboard.press('k')
    await reviewer.keyboard.press('x')
    await palette(reviewer, 'Review', /^Review/)
    return row
  }

  const review = (decision: 'Approve' | 'Reject') => async () => {
    await as(USERS.company, async (reviewer) => {
      await openReview(reviewer)
      const dialog = reviewer.getByRole('dialog', { name: 'Review' })
      await expect(dialog).toBeVisible()
      if (decision === 'Reject') {
        // Within the form: the form itself is named "Review" too.
        const form = dialog.getByRole('form', { name: 'Review' })
        // Reject asks for the reason first, beside the field; nothing is decided.
        await press(dialog.getByRole('button', { name: 'Reject', exact: true }), reviewer)
        await expect(form.locator('[data-field-error="reasonCode"]')).toHaveText('Cannot be empty')
        await choose(reviewer, 'Reason', /^Request declined$/i, form)
      }
      await press(dialog.getByRole('button', { name: decision, exact: true }), reviewer)
      await expect(toast(reviewer)).toContainText(`${decision} successful`)
    })
    await page.reload()
  }

  const states = {
    '*': async (state: never) => {
      const key = cardKey(state)
      const row = CARD_TABLE[key]
      expect(row, `a row of the table for ${key}`).toBeDefined()
      // Checked strictly where the walk can hold the card there; elsewhere the sandbox's
      // answer may already have arrived, so "creating" is only the accepted request.
      if (key === 'creating' && creation !== 'none') {
        expect(cardId).toBeGreaterThan(0)
        return
      }
      const status = key.split(/[ +]/)[0]
      await expect(cardStatus(page)).toHaveText(SHOWN[status].badge, { timeout: 30_000 })
      const number = page
        .locator('.rt-DataListItem')
        .filter({ has: page.getByRole('term').filter({ hasText: /^Card number$/ }) })
        .getByRole('definition')
      await expect(number).toHaveText(
        SHOWN[status].issued ? /^[0-9]{4} [0-9]{2}•• •••• [0-9]{4}$/ : 'Not issued yet',
      )
      for (const [op, event] of Object.entries(OPS)) {
        const button = cardAction(page, op)
        if (accepts(row, event)) await expect(button, op).toBeEnabled()
        else await expect(button, op).toBeDisabled()
      }
      // Pending transactions hold back a cancellation the card could otherwise ask for.
      const waiting = key.endsWith('+held') && (status === 'active' || status === 'blocked')
      await expect(page.getByTestId('card-ops-waiting')).toHaveCount(waiting ? 1 : 0)
      if (waiting) {
        await expect(page.getByTestId('card-ops-waiting')).toHaveText(
          'Cancel card: Cannot cancel card with pending transactions',
        )
      }
      // Maker–checker: the requester's own approval, as the table refuses it.
      if (status === 'cancelRequested' && !accepts(row, SELF_APPROVE)) {
        await as(USERS.admin, async (requester) => {
          const listed = await openReview(requester)
          await expect(toastError(requester)).toContainText(
            'You cannot review a request you made yourself',
          )
          await expect(requester.getByRole('dialog', { name: 'Review' })).toHaveCount(0)
          await expect(listed).toContainText('Pending')
        })
      }
    },
  }

  const events = {
    // The start: the card is asked for on the create form, by keyboard.
    'xstate.init': async () => {
      const token = await apiToken(request, USERS.admin)
      await setSandboxParameter(request, token, {
        operation: 'creationResult',
        ...CREATION[creation],
      })
      await signIn(page, USERS.merchant)
      await palette(page, 'Card list', /^Card list/)
      await expect(page.getByRole('heading', { name: 'Card list', level: 1 })).toBeVisible()
      await page.keyboard.press('n')
      // The card held back a minute starts empty: when its answer lands, in another spec's
      // time, it moves no money that spec could be counting.
      await fillCreateCards(page, alias, creation === 'none' ? '' : '10.00', 1)
      const [card] = await cardsByAlias(request, alias)
      cardId = card!.id
      await page.goto(`main/cards-balance-view-card-detail?id=${cardId}`)
      await expect(page.getByRole('heading', { name: 'Card details', level: 1 })).toBeVisible()
    },
    // The channel's answer arrives through the webhook; the detail asks again meanwhile.
    CHANNEL_CREATED: async () => undefined,
    CHANNEL_PENDING: async () => undefined,
    CHANNEL_FAILED: async () => undefined,
    CHANNEL_SYSTEM_ERROR: async () => undefined,
    FREEZE: async () => {
      await press(cardAction(page, 'Freeze'), page)
      await reasonDialog(page, 'Freeze', /^Suspected fraud$/i, 'Frozen successfully')
    },
    UNFREEZE: async () => {
      await press(cardAction(page, 'Unfreeze'), page)
      await reasonDialog(page, 'Unfreeze', /^Issue resolved$/i, 'Unfrozen successfully')
    },
    // admin asks (from the same card detail), so that admin's own approval can be tried.
    REQUEST_CANCEL: async () => {
      await as(USERS.admin, async (requester) => {
        await requester.goto(`main/cards-balance-view-card-detail?id=${cardId}`)
        await requestCancellation(requester)
      })
      await page.reload()
    },
    APPROVE_CANCEL: review('Approve'),
    REJECT_CANCEL: review('Reject'),
    PENDING_TRANSACTIONS: async ({ event }: { event: { count: number } }) => {
      const panel = sandbox(page)
      if (event.count === 1) {
        await panel.getByLabel('Amount', { exact: true }).fill('1.00')
        await panel.getByLabel('Amount', { exact: true }).press('Enter')
        await expect(toast(page)).toContainText('Approved, authorisation code')
      } else {
        await press(panel.getByRole('button', { name: 'Clear', exact: true }), page)
        await expect(toast(page)).toContainText('Done')
      }
    },
  }
  return { states, events }
}

type Path = ReturnType<typeof pathThrough>
const eventsOf = (p: Path) => p.steps.slice(1).map(({ event }) => JSON.stringify(event))
/** Walks of one path that starts another are walked as part of the longer one. */
const startsAnother = (p: Path, all: Path[]) =>
  all.some((q) => {
    const [a, b] = [eventsOf(p), eventsOf(q)]
    return b.length > a.length && a.every((e, i) => e === b[i])
  })
const candidates: Path[] = [
  // "creating" walked on its own (the card held back by the sandbox).
  ...(cardE2eModel
    .getShortestPaths({ allowDuplicatePaths: true })
    .filter((p) => p.steps.length === 1) as unknown as Path[]),
  ...(cardE2eModel.getShortestPaths() as unknown as Path[]),
  // Unfreeze, and a rejected request returning the card where it was (blocked, then active).
  pathThrough([
    { type: 'CHANNEL_CREATED' },
    FREEZE,
    REQUEST_CANCEL,
    REJECT,
    UNFREEZE,
    REQUEST_CANCEL,
    REJECT,
  ]),
]
const paths = candidates.filter((p) => p.steps.length === 1 || !startsAnother(p, candidates))

test.describe('card state machine, model-based', () => {
  for (const [i, path] of paths.entries()) {
    const events = path.steps.slice(1).map(({ event }) => {
      const e = event as { type: string; count?: number }
      return e.type === 'PENDING_TRANSACTIONS' ? `PENDING_TRANSACTIONS ${e.count}` : e.type
    })
    const title = `${cardKey(path.state as never)}: ${['create', ...events].join(' → ')}`
    test(title, async ({ page, browser, request }) => {
      // Each request and review signs someone in in a browser of their own.
      test.setTimeout(30_000 + 15_000 * path.steps.length)
      const first = (events[0] ?? 'none') as keyof typeof CREATION
      const creation = first in CREATION ? first : 'none'
      await cardE2eModel.testPath(
        path as never,
        walker(page, browser, request, `Model ${RUN} ${i}`, creation) as never,
      )
    })
  }
})
