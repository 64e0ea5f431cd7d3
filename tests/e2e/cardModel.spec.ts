import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { cardE2eModel, cardKey } from '../model/cardE2eModel'
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
import { palette, signIn, toast, USERS } from './fixtures'

/**
 * The card machine (src/machines/card.ts), model-based through the real console: one test per
 * shortest path of tests/model/cardE2eModel.ts (paths that are the start of a longer one are
 * walked as part of it), merchant.user acting by keyboard on the card detail, admin approving
 * a cancellation on cards-cancel-review. The channel's answers come from the sandbox issuer,
 * whose failure injection (`/channels/parameters/save`, operation `creationResult`) is set
 * before the card is created, from the path's first event.
 *
 * Each state is checked on the page against the table below, written from the spec (SPEC §4,
 * docs/cards.md) and not from the machine: the status badge, whether a number was issued,
 * which of the merchant's operations are enabled, and the note that pending transactions
 * hold a cancellation back.
 */

test.describe.configure({ mode: 'serial' })

/** merchant.user's operations on the card detail (no reveal: that is the administrator's). */
const OPS = ['Top up', 'Withdraw', 'Update limit', 'Freeze', 'Unfreeze', 'Cancel card'] as const
type Op = (typeof OPS)[number]

interface Expected {
  badge: string
  issued: boolean
  enabled: Op[]
  /** "Cancel card: Cannot cancel card with pending transactions" is shown. */
  waiting?: boolean
}

const MONEY_AND_LIMITS: Op[] = ['Top up', 'Withdraw', 'Update limit']
const EXPECTED: Record<string, Expected> = {
  creating: { badge: 'Being created', issued: false, enabled: [] },
  pending: { badge: 'Pending', issued: false, enabled: [] },
  systemError: { badge: 'System error', issued: false, enabled: [] },
  failed: { badge: 'Failed', issued: false, enabled: [] },
  active: {
    badge: 'Active',
    issued: true,
    enabled: [...MONEY_AND_LIMITS, 'Freeze', 'Cancel card'],
  },
  'active+pending': {
    badge: 'Active',
    issued: true,
    enabled: [...MONEY_AND_LIMITS, 'Freeze'],
    waiting: true,
  },
  blocked: { badge: 'Blocked', issued: true, enabled: ['Unfreeze', 'Cancel card'] },
  'blocked+pending': { badge: 'Blocked', issued: true, enabled: ['Unfreeze'], waiting: true },
  cancelRequested: { badge: 'Cancel requested', issued: true, enabled: [] },
  cancelled: { badge: 'Cancelled', issued: true, enabled: [] },
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

  const states = {
    '*': async (state: never) => {
      const key = cardKey(state)
      const want = EXPECTED[key]
      expect(want, `an expectation for ${key}`).toBeDefined()
      // Checked strictly where the walk can hold the card there; elsewhere the sandbox's
      // answer may already have arrived, so "creating" is only the accepted request.
      if (key === 'creating' && creation !== 'none') {
        expect(cardId).toBeGreaterThan(0)
        return
      }
      await expect(cardStatus(page)).toHaveText(want.badge, { timeout: 30_000 })
      const number = page
        .locator('.rt-DataListItem')
        .filter({ has: page.getByRole('term').filter({ hasText: /^Card number$/ }) })
        .getByRole('definition')
      await expect(number).toHaveText(
        want.issued ? /^[0-9]{4} [0-9]{2}•• •••• [0-9]{4}$/ : 'Not issued yet',
      )
      for (const op of OPS) {
        const button = cardAction(page, op)
        if (want.enabled.includes(op)) await expect(button, op).toBeEnabled()
        else await expect(button, op).toBeDisabled()
      }
      await expect(page.getByTestId('card-ops-waiting')).toHaveCount(want.waiting ? 1 : 0)
      if (want.waiting) {
        await expect(page.getByTestId('card-ops-waiting')).toHaveText(
          'Cancel card: Cannot cancel card with pending transactions',
        )
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
      await reasonDialog(page, 'Freeze', /^Suspected fraud$/i, 'Block Success')
    },
    REQUEST_CANCEL: async () => {
      await requestCancellation(page)
    },
    APPROVE_CANCEL: async () => {
      const context = await browser.newContext()
      const admin = await context.newPage()
      await signIn(admin, USERS.admin)
      await palette(admin, 'Card cancellation review', /^Card cancellation review/)
      const row = admin.getByRole('table').getByRole('row').nth(1)
      await expect(row).toContainText('Pending')
      const [card] = await cardsByAlias(request, alias)
      await expect(row).toContainText(card!.last4)
      await admin.keyboard.press('k')
      await admin.keyboard.press('x')
      await palette(admin, 'Review', /^Review/)
      const review = admin.getByRole('dialog', { name: 'Review' })
      await press(review.getByRole('button', { name: 'Submit' }), admin)
      await expect(toast(admin)).toContainText('Approve successful')
      await context.close()
      await page.reload()
    },
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

/** Every state is on some path; the state "creating" is also walked on its own. */
const paths = [
  ...cardE2eModel
    .getShortestPaths({ allowDuplicatePaths: true })
    .filter((p) => p.steps.length === 1),
  ...cardE2eModel.getShortestPaths(),
]

test.describe('card state machine, model-based', () => {
  for (const [i, path] of paths.entries()) {
    const events = path.steps.slice(1).map(({ event }) => {
      const e = event as { type: string; count?: number }
      return e.type === 'PENDING_TRANSACTIONS' ? `PENDING_TRANSACTIONS ${e.count}` : e.type
    })
    const title = `${cardKey(path.state as never)}: ${['create', ...events].join(' → ')}`
    test(title, async ({ page, browser, request }) => {
      const first = (events[0] ?? 'none') as keyof typeof CREATION
      const creation = first in CREATION ? first : 'none'
      await path.test(walker(page, browser, request, `Model ${RUN} ${i}`, creation) as never)
    })
  }
})
