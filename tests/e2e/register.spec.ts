import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, mailbox, nextMail } from './fixtures'
import { mailSubject, mailText } from './mail'
import {
  chooseCountry,
  DRAFTS_KEY as DRAFTS,
  expectOnStep,
  stepHeading,
  tabTo,
  typeInto,
} from './wizardSupport'

/**
 * Merchant self-registration, the wizard (docs/wizard.md): three steps and a review, driven by
 * the keyboard alone — Tab to reach a control, typing, Space for boxes, Enter for Next — with
 * the draft resumed after a reload, a jump back from the review, and the server's refusals
 * routed back to the step that owns the field.
 */

const PRODUCT = 'VCC Management Platform'

async function business(page: Page, referralCode = '') {
  await typeInto(page, 'Merchant name', 'Harbour Freight Ltd')
  await typeInto(page, 'Company registration no.', 'SG-202611220001')
  await chooseCountry(page, 'Singapore')
  if (referralCode) await typeInto(page, 'Referral code', referralCode)
  await typeInto(page, 'Registered address', '1 Harbourfront Walk, Singapore')
  // Enter in a one-line field is Next.
  await typeInto(page, 'Company registration no.', 'SG-202611220001')
  await page.keyboard.press('Enter')
  await expectOnStep(page, 'Step 2 of 4: Contact and sign-in')
}

async function contact(page: Page, email: string) {
  await typeInto(page, 'Contact person', 'Mei Tan')
  await typeInto(page, 'Sign-in e-mail', email)
  await page.keyboard.press('Enter')
  await expectOnStep(page, 'Step 3 of 4: Agreements')
}

async function agreements(page: Page) {
  await tabTo(page, page.getByRole('checkbox', { name: /Master Service Agreement/ }))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('checkbox', { name: /Privacy Policy/ }))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('button', { name: 'Review', exact: true }))
  await page.keyboard.press('Enter')
  await expectOnStep(page, 'Step 4 of 4: Review')
}

async function submit(page: Page) {
  await tabTo(page, page.getByRole('button', { name: 'Submit application' }))
  await page.keyboard.press('Enter')
}

test.beforeEach(async ({ page }) => {
  await page.goto('register')
  await page.evaluate((key) => localStorage.removeItem(key), DRAFTS)
  await page.reload()
})

test('each step checks its fields with the spec messages and keeps later steps closed', async ({
  page,
}) => {
  await expect(page).toHaveTitle(`Register - ${PRODUCT}`)
  await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible()
  await expect(stepHeading(page, 'Step 1 of 4: Business details')).toBeVisible()
  const steps = page.getByRole('navigation', { name: 'Steps' })
  await expect(steps.getByRole('button', { name: '1. Business details' })).toHaveAttribute(
    'aria-current',
    'step',
  )
  // Not reachable before the first step is valid (snapshot.can drives them).
  for (const name of ['2. Contact and sign-in', '3. Agreements', '4. Review']) {
    await expect(steps.getByRole('button', { name })).toBeDisabled()
  }
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled()
  await expectAccessible(page)

  await tabTo(page, page.getByRole('button', { name: 'Next' }))
  await page.keyboard.press('Enter')
  const name = page.getByLabel('Merchant name', { exact: true })
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toBeFocused()
  await expect(page.getByText('Cannot be empty').first()).toBeVisible()
  await expect(stepHeading(page, 'Step 1 of 4: Business details')).toBeVisible()

  await business(page)
  await typeInto(page, 'Sign-in e-mail', 'not-an-email')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Must be email')).toBeVisible()
  await expect(stepHeading(page, 'Step 2 of 4: Contact and sign-in')).toBeVisible()
  await contact(page, 'checks@example.test')

  // Both agreements are needed, each with its own message.
  await tabTo(page, page.getByRole('checkbox', { name: /Master Service Agreement/ }))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('button', { name: 'Review', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Please read and accept the Privacy Policy')).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /Privacy Policy/ })).toBeFocused()
  await expect(steps.getByRole('button', { name: '4. Review' })).toBeDisabled()
  await expect(page.getByRole('link', { name: 'Master Service Agreement' })).toHaveAttribute(
    'href',
    /\/vcc\/masterServiceAgreement$/,
  )
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    /\/vcc\/privacyPolicy$/,
  )
  await expectAccessible(page)
})

test('by keyboard: reload resumes the draft, a jump back from the review, submit, result and e-mail', async ({
  page,
}) => {
  const email = 'new.merchant@example.test'
  const before = (await mailbox(email)).length
  await business(page)
  await typeInto(page, 'Contact person', 'Mei Tan')

  // A reload in the middle: the draft comes back at its step, and says so.
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'Draft restored' })).toBeVisible()
  await expect(stepHeading(page, 'Step 2 of 4: Contact and sign-in')).toBeVisible()
  await expect(page.getByLabel('Contact person', { exact: true })).toHaveValue('Mei Tan')
  await contact(page, email)
  await agreements(page)

  const review = page.getByRole('main')
  await expect(review.getByText('Harbour Freight Ltd')).toBeVisible()
  await expect(review.getByText('Singapore', { exact: true })).toBeVisible()
  await expect(review.getByText(email)).toBeVisible()
  await expectAccessible(page)

  // Jump back from the review to a step, change it, and come back through Next.
  await tabTo(page, page.getByRole('button', { name: 'Edit Contact and sign-in' }))
  await page.keyboard.press('Enter')
  await expectOnStep(page, 'Step 2 of 4: Contact and sign-in')
  await typeInto(page, 'Contact person', 'Mei Lin Tan')
  await page.keyboard.press('Enter')
  await expectOnStep(page, 'Step 3 of 4: Agreements')
  // The boxes stayed ticked.
  await expect(page.getByRole('checkbox', { name: /Privacy Policy/ })).toBeChecked()
  // The step list is navigable too: straight to the review.
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: '4. Review' }),
  )
  await page.keyboard.press('Enter')
  await expectOnStep(page, 'Step 4 of 4: Review')
  await expect(review.getByText('Mei Lin Tan')).toBeVisible()

  await submit(page)
  await expect(page).toHaveURL(/\/registerResult\?id=\d+/)
  await expect(page).toHaveTitle(`Registration submitted - ${PRODUCT}`)
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Your application number is',
  )
  // Submitted: the draft is gone, a new visit starts blank.
  expect(await page.evaluate((key) => localStorage.getItem(key), DRAFTS)).not.toContain(
    'merchant.register',
  )
  const mail = await nextMail(email, before)
  expect(mailSubject(mail)).toBe('We received your merchant registration')
  expect(mailText(mail)).toContain('Harbour Freight Ltd')

  // A second application for the same address while the first waits: back to the e-mail's step.
  await page.goto('register')
  await expect(page.getByRole('status').filter({ hasText: 'Draft restored' })).toHaveCount(0)
  await business(page)
  await contact(page, email)
  await agreements(page)
  await submit(page)
  await expect(stepHeading(page, 'Step 2 of 4: Contact and sign-in')).toBeVisible()
  await expect(page.getByText('already waiting for review')).toBeVisible()
  const field = page.getByLabel('Sign-in e-mail', { exact: true })
  await expect(field).toBeFocused()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  // Until the address changes, Next stays on this step.
  await page.keyboard.press('Enter')
  await expect(stepHeading(page, 'Step 2 of 4: Contact and sign-in')).toBeVisible()
})

test('an unknown referral code is refused on the business step; start over clears the draft', async ({
  page,
}) => {
  await business(page, 'NOPE-404')
  await contact(page, 'referral@example.test')
  await agreements(page)
  await submit(page)
  await expect(stepHeading(page, 'Step 1 of 4: Business details')).toBeVisible()
  await expect(page.getByText('The referral code is not valid')).toBeVisible()
  await expect(page.getByLabel('Referral code', { exact: true })).toBeFocused()
  // Later steps are closed until the field changes.
  const steps = page.getByRole('navigation', { name: 'Steps' })
  await expect(steps.getByRole('button', { name: '4. Review' })).toBeDisabled()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Backspace')
  await expect(steps.getByRole('button', { name: '4. Review' })).toBeEnabled()

  await page.reload()
  const restored = page.getByRole('status').filter({ hasText: 'Draft restored' })
  await expect(restored).toBeVisible()
  await tabTo(page, restored.getByRole('button', { name: 'Start over' }))
  await page.keyboard.press('Enter')
  await expectOnStep(page, 'Step 1 of 4: Business details')
  await expect(restored).toHaveCount(0)
  await expect(page.getByLabel('Merchant name', { exact: true })).toHaveValue('')
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'Draft restored' })).toHaveCount(0)
})

test('zh-CN: the wizard and its countries in Chinese', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('vcc.language', JSON.stringify('zh-CN')))
  await page.goto('register')
  await expect(page.getByRole('heading', { name: '注册', level: 1 })).toBeVisible()
  await expect(stepHeading(page, '第 1 步，共 4 步：商户信息')).toBeVisible()
  await expect(page.getByRole('navigation', { name: '步骤' })).toBeVisible()
  await expect(page.getByText('商户名称')).toBeVisible()
  await tabTo(page, page.getByLabel('国家或地区', { exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('option', { name: '新加坡' })).toBeAttached()
  await page.keyboard.press('Escape')
  // Check the page, not the list on its way out: wait until the closing list has left the page.
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await expectAccessible(page)
})
