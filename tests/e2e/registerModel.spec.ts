import { expect, test, type Page, type Route } from '@playwright/test'
import { registerWizard } from '../../src/resources/merchantRegistration'
import {
  REFUSALS,
  registerE2eModel,
  registerStateKey,
  STEP_VALUES,
} from '../model/registerE2eModel'
import { BACK, JUMP, NEXT, REGISTER_TABLE, SUBMIT } from '../model/registerTable'
import { accepts } from '../model/stateTable'
import {
  chooseCountry,
  DRAFTS_KEY,
  expectOnStep,
  stepHeading,
  stepList,
  tabTo,
  typeInto,
} from './wizardSupport'

/**
 * The registration wizard, model-based through the real console: one test per shortest path
 * of tests/model/registerE2eModel.ts, driven by the keyboard, each state checked on the page
 * against its row of the hand-written table (tests/model/registerTable.ts), never against the
 * machine's `can()`: the heading, which entries of the step list and which of Back / Next /
 * Submit are enabled, and the refused field.
 */

/** The row of the table a state of the walk must show. */
const rowOf = (state: any) => {
  const key = registerStateKey(state)
  const row = REGISTER_TABLE[key]
  expect(row, `a row of the table for ${key}`).toBeDefined()
  return row
}

const TITLES = ['Business details', 'Contact and sign-in', 'Agreements', 'Review']
const heading = (i: number) => `Step ${i + 1} of 4: ${TITLES[i]}`

function walker(page: Page) {
  let held: Route | null = null
  /** The last event moved between steps: the new step's heading must have the focus. */
  let moved = false
  /** The step on screen, as the last state check saw it (event handlers get the target state). */
  let step = 0
  /** Unique per run: the server may already hold a pending registration from an earlier run. */
  const email = `walk.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`

  const fill = [
    async () => {
      await typeInto(page, 'Merchant name', String(STEP_VALUES[0].companyName))
      await typeInto(page, 'Company registration no.', String(STEP_VALUES[0].registrationNo))
      await chooseCountry(page, 'Singapore')
      await typeInto(page, 'Registered address', String(STEP_VALUES[0].address))
    },
    async () => {
      await typeInto(page, 'Contact person', String(STEP_VALUES[1].contactName))
      await typeInto(page, 'Sign-in e-mail', email)
    },
    async () => {
      for (const name of [/Master Service Agreement/, /Privacy Policy/]) {
        const box = page.getByRole('checkbox', { name })
        await tabTo(page, box)
        if (!(await box.isChecked())) await page.keyboard.press('Space')
      }
    },
  ]

  const press = async (name: string) => {
    moved = true
    await tabTo(page, page.getByRole('button', { name, exact: true }))
    await page.keyboard.press('Enter')
  }

  const events = {
    UPDATE: async ({ event }: any) => fill[STEP_VALUES.indexOf(event.data)](),
    NEXT: async () => {
      // On the last step the Next button is called Review.
      await press(step === 2 ? 'Review' : 'Next')
    },
    BACK: async () => press('Back'),
    JUMP: async ({ event }: any) => {
      moved = true
      await tabTo(
        page,
        stepList(page).getByRole('button', { name: `${event.step + 1}. ${TITLES[event.step]}` }),
      )
      await page.keyboard.press('Enter')
    },
    SUBMIT: async () => {
      await page.route('**/admin/public/merchant/register', (route) => {
        held = route
      })
      await press('Submit application')
      await expect.poll(() => held !== null).toBe(true)
    },
    'xstate.done.actor.submit': async () => {
      await held!.continue()
      held = null
    },
    'xstate.error.actor.submit': async ({ event }: any) => {
      const field = Object.keys(event.error.fieldErrors)[0] as keyof typeof REFUSALS
      const refusal = REFUSALS[field]
      await held!.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          code: refusal.code,
          msg: refusal.message,
          data: { fieldErrors: [{ field, message: refusal.message }] },
        }),
      })
      held = null
    },
  }

  /** The step list's entries other than the current one are enabled as the row's jumps. */
  const stepListAsTable = async (row: ReturnType<typeof rowOf>, current: number) => {
    for (let j = 0; j < 4; j++) {
      const entry = stepList(page).getByRole('button', { name: `${j + 1}. ${TITLES[j]}` })
      if (j === current) await expect(entry).toHaveAttribute('aria-current', 'step')
      else if (accepts(row, JUMP[j])) await expect(entry, `jump ${j + 1}`).toBeEnabled()
      else await expect(entry, `jump ${j + 1}`).toBeDisabled()
    }
  }
  const buttonAsTable = async (name: string, allowed: boolean, exact = true) => {
    // While submitting, Submit shows a spinner beside its (then hidden) label: not exact.
    const button = page.getByRole('button', { name, exact })
    await (allowed ? expect(button, name).toBeEnabled() : expect(button, name).toBeDisabled())
  }

  /** The review's step list, its Edit buttons, Back and Submit, as the row allows them. */
  const reviewAsTable = async (row: ReturnType<typeof rowOf>) => {
    await stepListAsTable(row, 3)
    for (let j = 0; j < 3; j++) {
      await buttonAsTable(`Edit ${TITLES[j]}`, accepts(row, JUMP[j]))
    }
    await buttonAsTable('Back', accepts(row, BACK))
    await buttonAsTable('Submit application', accepts(row, SUBMIT), false)
  }

  const editing = async (state: any) => {
    const row = rowOf(state)
    const i = state.context.step
    step = i
    await expect(stepHeading(page, heading(i))).toBeVisible()
    await stepListAsTable(row, i)
    await buttonAsTable('Back', accepts(row, BACK))
    // Next is always pressable (on an invalid step it shows what is missing, and the walk's
    // own Next events prove where an accepted one leads); where the row accepts it, it is there.
    if (accepts(row, NEXT)) await buttonAsTable(i === 2 ? 'Review' : 'Next', true)
    const own = Object.entries(state.context.fieldErrors).filter(([f]) =>
      registerWizard.steps[i].fields.includes(f),
    )
    for (const [field, r] of own) {
      const label = field === 'email' ? 'Sign-in e-mail' : 'Referral code'
      await expect(page.getByText(String(r))).toBeVisible()
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true')
    }
    if (moved && own.length === 0) await expectOnStep(page, heading(i))
    moved = false
  }

  const states = {
    editing,
    review: async (state: any) => {
      const row = rowOf(state)
      step = 3
      if (moved) await expectOnStep(page, heading(3))
      moved = false
      await expect(stepHeading(page, heading(3))).toBeVisible()
      await expect(
        page.getByRole('main').getByText(String(STEP_VALUES[0].companyName)),
      ).toBeVisible()
      await reviewAsTable(row)
    },
    submitting: async (state: any) => {
      await reviewAsTable(rowOf(state))
    },
    submitted: async () => {
      await expect(page).toHaveURL(/\/registerResult\?id=\d+/)
      expect(await page.evaluate((k) => localStorage.getItem(k), DRAFTS_KEY)).not.toContain(
        'merchant.register',
      )
    },
  }
  return { events, states }
}

test.describe('registration wizard, model-based', () => {
  for (const path of registerE2eModel.getShortestPaths()) {
    const title =
      path.steps
        .map(({ event }: any) =>
          event.type === 'UPDATE'
            ? `fill ${STEP_VALUES.indexOf(event.data) + 1}`
            : event.type === 'JUMP'
              ? `jump ${event.step + 1}`
              : event.type.replace(/^xstate\.(done|error)\.actor\.submit$/, 'answer $1'),
        )
        .join(' → ') || 'start'
    test(title, async ({ page }) => {
      await page.goto('register')
      await page.evaluate((k) => localStorage.removeItem(k), DRAFTS_KEY)
      await page.reload()
      await path.test(walker(page) as never)
    })
  }
})
