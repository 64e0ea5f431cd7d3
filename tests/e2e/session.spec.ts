import { expect, test, type Page } from '@playwright/test'
import { BASE, SHORT_IDLE_PORT } from '../../playwright.config'
import { sessionE2eModel } from '../model/sessionE2eModel'
import { SESSION_TABLE } from '../model/sessionTable'
import { accepts } from '../model/stateTable'
import {
  hold,
  menuLink,
  revokeSession,
  signInViaApi,
  signInViaForm,
  type Held,
} from './shellSupport'

/**
 * The session machine's shortest paths (createTestModel, xstate/graph) walked through the
 * real console on the short-idle server: SESSION_IDLE_SECONDS=12, SESSION_WARNING_SECONDS=6.
 * Every step is done as a user would (or the server, or a second tab), every state checked on
 * screen; the warning dialog's buttons against the session's hand-written table. Calls the machine waits on are held in flight, so "extending" and "signing out" are
 * states the walk can see, and answered or failed as the path says.
 */
test.use({ baseURL: `http://127.0.0.1:${SHORT_IDLE_PORT}${BASE}` })

const warningDialog = (page: Page) => page.getByRole('alertdialog')
const countdown = (page: Page) => page.getByTestId('session-countdown')
const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('vcc.user'))
const secondsShown = async (page: Page) => {
  const [mm, ss] = ((await countdown(page).textContent()) ?? '').split(':').map(Number)
  return mm * 60 + ss
}

function walker(page: Page) {
  let held: Held | null = null
  const holdCall = async (path: string) => (held = await hold(page, path))
  const answerHeld = async (ok: boolean) => {
    expect(held, 'a call is in flight').not.toBeNull()
    await (ok ? held!.release() : held!.fail())
    held = null
  }

  const events: Record<string, (step: any) => Promise<void>> = {
    SIGNED_IN: async () => {
      await expect(page).toHaveURL(/\/vcc\/login/)
      await signInViaForm(page, 'admin')
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
    },
    'xstate.after.untilWarning.session.active': async () => {
      // The warning comes 12 - 6 = 6 s after the last activity.
      await expect(warningDialog(page)).toBeVisible({ timeout: 15_000 })
    },
    'xstate.after.second.session.warning.countdown.ticking': async ({ state }) => {
      if (state.matches('expired')) {
        // The last second: the countdown runs out and the session ends.
        await expect(page).toHaveURL(/\/vcc\/login\?from=/, { timeout: 15_000 })
        return
      }
      const before = await secondsShown(page)
      await expect.poll(() => secondsShown(page), { timeout: 3_000 }).toBeLessThan(before)
    },
    STAY: async () => {
      await holdCall('/flushTokenTime')
      await warningDialog(page).getByRole('button', { name: 'Stay signed in' }).click()
      await held!.arrived
    },
    'xstate.done.actor.extend': () => answerHeld(true),
    'xstate.error.actor.extend': async () => {
      await answerHeld(false)
      await expect(
        warningDialog(page).getByText('The session could not be extended. Please try again.'),
      ).toBeVisible()
    },
    SIGN_OUT: async () => {
      await holdCall('/logout')
      if (await warningDialog(page).isVisible()) {
        await warningDialog(page).getByRole('button', { name: 'Sign out now' }).click()
      } else {
        await page.getByTestId('user-menu').click()
        await page.getByRole('menuitem', { name: 'Sign out' }).click()
      }
      await held!.arrived
    },
    'xstate.done.actor.logout': () => answerHeld(true),
    'xstate.error.actor.logout': () => answerHeld(false),
    API_UNAUTHORIZED: async () => {
      await revokeSession(page)
      await menuLink(page, 'Dictionaries').click()
    },
    REMOTE_SIGNED_OUT: async () => {
      const other = await page.context().newPage()
      await other.goto('main/index')
      await other.getByTestId('user-menu').click()
      await other.getByRole('menuitem', { name: 'Sign out' }).click()
      await expect(other).toHaveURL(/\/vcc\/login$/)
      await other.close()
    },
  }

  const states: Record<string, (state: any) => Promise<void>> = {
    signedOut: async () => {
      await expect(page).toHaveURL(/\/vcc\/login(\?from=.*)?$/)
      expect(await storedUser(page)).toBeNull()
      await expect(warningDialog(page)).toHaveCount(0)
      await expect(page.getByTestId('session-expired')).toHaveCount(0)
    },
    active: async () => {
      await expect(warningDialog(page)).toHaveCount(0)
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
      expect(await storedUser(page)).not.toBeNull()
    },
    warning: async (state) => {
      await expect(warningDialog(page)).toBeVisible()
      await expect(countdown(page)).toHaveText(/^00:0[0-6]$/)
      // The dialog's buttons as the session's table (tests/model/sessionTable.ts) allows them
      // in this state, not as the machine's can() says.
      const prompt = state.matches({ warning: { prompt: 'extending' } }) ? 'extending' : 'asking'
      const row = SESSION_TABLE[`warning ${state.context.remaining}s, ${prompt}`]
      expect(row, `a row for the warning at ${state.context.remaining}s, ${prompt}`).toBeDefined()
      const stay = warningDialog(page).getByRole('button', { name: 'Stay signed in' })
      await (accepts(row, { type: 'STAY' })
        ? expect(stay).toBeEnabled()
        : expect(stay).toBeDisabled())
      const signOut = warningDialog(page).getByRole('button', { name: 'Sign out now' })
      await (accepts(row, { type: 'SIGN_OUT' })
        ? expect(signOut).toBeEnabled()
        : expect(signOut).toBeDisabled())
    },
    expired: async () => {
      await expect(page).toHaveURL(/\/vcc\/login\?from=/)
      // Shown once, however many calls came back 401.
      await expect(page.getByTestId('session-expired')).toHaveCount(1)
      await expect(page.getByTestId('session-expired')).toContainText(
        'Login has expired, please log in again',
      )
      expect(await storedUser(page)).toBeNull()
    },
    signingOut: async () => {
      expect(held, 'the sign-out call is in flight').not.toBeNull()
    },
  }
  return { events, states }
}

test.describe('session lifecycle, model-based', () => {
  for (const path of sessionE2eModel.getShortestPaths()) {
    const title = path.steps
      .map((s) => s.event.type.replace(/^xstate\.(after\.)?/, '').replace(/\.session\..*$/, ''))
      .join(' → ')
    test(title, async ({ page }) => {
      await page.goto('login')
      await path.test(walker(page) as never)
    })
  }
})

test.describe('session rules', () => {
  test('a body code 401 on a 200 ends the session once, and sign-in returns to the page', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page, 'admin', baseURL!, 'main/dict-management')
    await page.route('**/admin/**', (r) =>
      r.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 401, msg: 'expired', data: null }),
      }),
    )
    await page.keyboard.press('g')
    await page.keyboard.press('p')
    await expect(page).toHaveURL(/\/vcc\/login\?from=/)
    await expect(page.getByTestId('session-expired')).toHaveCount(1)
    await page.unrouteAll()
    await signInViaForm(page, 'admin')
    await expect(page.getByTestId('session-expired')).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
  })

  test('activity in one tab keeps the other alive; signing out in one signs out both', async ({
    page,
    context,
    baseURL,
  }) => {
    // Both tabs' clocks, moved on by the test (they also run on by themselves).
    await context.clock.install()
    await signInViaApi(page, 'admin', baseURL!)
    const other = await context.newPage()
    await other.goto('main/dict-management')
    await expect(other.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
    // Keep working in the second tab past the first tab's warning time (6 s of idling).
    for (let i = 0; i < 4; i++) {
      await context.clock.runFor(2_000)
      const target = i % 2 ? 'Dictionaries' : 'System parameters'
      await menuLink(other, target).click()
      await expect(other.getByRole('heading', { name: target, level: 1 })).toBeVisible()
    }
    await expect(warningDialog(page)).toHaveCount(0)
    // Idle in both: both warn, and "stay" in one dismisses the warning in the other.
    await expect(warningDialog(page)).toBeVisible({ timeout: 15_000 })
    await expect(warningDialog(other)).toBeVisible()
    await warningDialog(other).getByRole('button', { name: 'Stay signed in' }).click()
    await expect(warningDialog(other)).toHaveCount(0)
    // A tab in the background does not animate; its dialog finishes closing once shown.
    await page.bringToFront()
    await expect(warningDialog(page)).toHaveCount(0)

    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/vcc\/login$/)
    await expect(other).toHaveURL(/\/vcc\/login/)
  })

  test('Escape in the warning means "stay signed in"', async ({ page, baseURL }) => {
    await signInViaApi(page, 'admin', baseURL!)
    await expect(warningDialog(page)).toBeVisible({ timeout: 15_000 })
    await expect(warningDialog(page).getByRole('button', { name: 'Stay signed in' })).toBeFocused()
    const flushed = page.waitForRequest((r) => r.url().endsWith('/admin/flushTokenTime'))
    await page.keyboard.press('Escape')
    await flushed
    await expect(warningDialog(page)).toHaveCount(0)
  })
})
