import { expect, type Locator, type Page } from '@playwright/test'

/** Keyboard-only helpers for the wizard specs (register.spec.ts, registerModel.spec.ts). */

/** Tab (forwards) until the control has the focus: it is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

export async function typeInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true })
  await tabTo(page, field)
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(text)
}

export async function chooseCountry(page: Page, name: string) {
  const trigger = page.getByLabel('Country or region', { exact: true })
  await tabTo(page, trigger)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listbox')).toBeVisible()
  await expect(page.locator('[role="option"]:focus')).toHaveCount(1)
  // At a person's pace: Radix's typeahead drops keys that arrive within the same frame.
  await page.keyboard.type(name, { delay: 50 })
  await page.keyboard.press('Enter')
  await expect(trigger).toHaveText(name)
}

export const stepHeading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 2, name })

/** The step's heading takes the focus on every step change. */
export async function expectOnStep(page: Page, name: string | RegExp) {
  await expect(stepHeading(page, name)).toBeFocused()
}

export const stepList = (page: Page) => page.getByRole('navigation', { name: 'Steps' })

export const DRAFTS_KEY = 'vcc.wizardDrafts'
