import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, mailbox, nextMail } from './fixtures'
import { mailSubject, mailText } from './mail'

/**
 * Merchant self-registration: the form with its countries and agreement links, the spec's
 * messages, the server's answer, the result page and the acknowledgement e-mail.
 */

const PRODUCT = 'VCC Management Platform'

async function chooseCountry(page: Page, name: string) {
  const trigger = page.getByLabel('Country or region', { exact: true })
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listbox')).toBeVisible()
  await expect(page.locator('[role="option"]:focus')).toHaveCount(1)
  // Typing jumps to the first country whose name starts with the text.
  // At a person's pace: Radix's typeahead drops keys that arrive within the same frame.
  await page.keyboard.type(name, { delay: 50 })
  await page.keyboard.press('Enter')
  await expect(trigger).toHaveText(name)
}

test('the form checks each field with the spec messages', async ({ page }) => {
  await page.goto('register')
  await expect(page).toHaveTitle(`Register - ${PRODUCT}`)
  await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Submit application' }).press('Enter')
  const company = page.getByLabel('Company name', { exact: true })
  await expect(company).toHaveAttribute('aria-invalid', 'true')
  await expect(company).toBeFocused()
  await expect(page.getByText('Cannot be empty').first()).toBeVisible()
  await expect(
    page.getByText('Please read and accept the Master Service Agreement and Privacy Policy'),
  ).toBeVisible()

  await page.getByLabel('Email', { exact: true }).fill('not-an-email')
  await page.getByLabel('Email', { exact: true }).press('Enter')
  await expect(page.getByText('Must be email')).toBeVisible()
  await expectAccessible(page)
})

test('register → result page and acknowledgement e-mail', async ({ page }) => {
  const email = 'new.merchant@example.test'
  const before = (await mailbox(email)).length
  await page.goto('login')
  await page.getByRole('link', { name: 'Register' }).press('Enter')
  await expect(page).toHaveURL(/\/register$/)

  await page.getByLabel('Company name', { exact: true }).fill('Harbour Freight Ltd')
  await page.getByLabel('Company registration no.', { exact: true }).fill('SG-202611220001')
  await page.getByLabel('Contact person', { exact: true }).fill('Mei Tan')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await chooseCountry(page, 'Singapore')
  await page
    .getByLabel('Registered address', { exact: true })
    .fill('1 Harbourfront Walk, Singapore')

  // The agreement and the policy the box refers to are real pages, opened in a new tab.
  await expect(page.getByRole('link', { name: 'Master Service Agreement' })).toHaveAttribute(
    'href',
    /\/vcc\/masterServiceAgreement$/,
  )
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    /\/vcc\/privacyPolicy$/,
  )
  await page.getByRole('checkbox', { name: /I have read and accept/ }).press('Space')
  await page.getByLabel('Company name', { exact: true }).press('Enter')

  await expect(page).toHaveURL(/\/registerResult\?id=\d+/)
  await expect(page).toHaveTitle(`Registration submitted - ${PRODUCT}`)
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Your application number is',
  )
  await expectAccessible(page)

  const mail = await nextMail(email, before)
  expect(mailSubject(mail)).toBe('We received your merchant registration')
  expect(mailText(mail)).toContain('Harbour Freight Ltd')

  // A second application for the same address while the first waits is refused, in words.
  await page.goto('register')
  await page.getByLabel('Company name', { exact: true }).fill('Harbour Freight Ltd')
  await page.getByLabel('Company registration no.', { exact: true }).fill('SG-202611220001')
  await page.getByLabel('Contact person', { exact: true }).fill('Mei Tan')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await chooseCountry(page, 'Singapore')
  await page
    .getByLabel('Registered address', { exact: true })
    .fill('1 Harbourfront Walk, Singapore')
  await page.getByRole('checkbox', { name: /I have read and accept/ }).press('Space')
  await page.getByLabel('Company name', { exact: true }).press('Enter')
  await expect(
    page.getByRole('alert').filter({ hasText: 'already waiting for review' }),
  ).toBeVisible()
})

test('zh-CN: the form and its countries in Chinese', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('vcc.language', JSON.stringify('zh-CN')))
  await page.goto('register')
  await expect(page.getByRole('heading', { name: '注册', level: 1 })).toBeVisible()
  await expect(page.getByText('公司名称')).toBeVisible()
  await page.getByLabel('国家或地区', { exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('option', { name: '新加坡' })).toBeAttached()
  await page.keyboard.press('Escape')
  await expectAccessible(page)
})
