import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, signIn, toast, USERS } from './fixtures'

/**
 * E-mail templates: the password-reset template in zh-CN edited by keyboard with a new use of a
 * variable; the live preview (a sandboxed frame) shows it with a real user; a variable the
 * event does not declare is refused under the content with its line.
 */

test.describe.configure({ mode: 'serial' })

/**
 * expectAccessible without the preview frame: axe cannot run inside a frame that allows no
 * script (that is the point of `sandbox=""`), and the mail's own HTML is the template's.
 */
async function expectAccessibleBesideFrame(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('[data-testid="preview-frame"]').analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

test('edit the zh-CN password reset with a new variable; the preview shows it', async ({
  page,
}) => {
  await signIn(page, USERS.admin)
  await page.goto('main/email-template?event=password-reset&language=zh-CN')
  await expect(page.getByRole('heading', { name: 'E-mail templates', level: 1 })).toBeVisible()
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  await expect(page.getByRole('row', { name: /Password reset/ })).toContainText(
    'Simplified Chinese',
  )
  await expectAccessible(page)

  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Edit e-mail template' })).toBeVisible()
  const content = page.getByLabel('Content (HTML)', { exact: true })
  await expect(content).toHaveValue(/账户 \{\{ loginName \}\} 申请了密码重置/)

  // The preview frame runs nothing: no permission at all.
  const frame = page.getByTestId('preview-frame')
  await expect(frame).toHaveAttribute('sandbox', '')
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator('body')).toContainText(
    'Alex Chen，您好',
  )

  // A new line at the end of the content, the variable inserted from its button by keyboard.
  await content.focus()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('\n<p>登录名：')
  await page.getByTestId('insert-loginName').focus()
  await page.keyboard.press('Enter')
  await expect(content).toBeFocused()
  await page.keyboard.type('</p>')
  await expect(content).toHaveValue(/<p>登录名：\{\{ loginName \}\}<\/p>$/)

  // A real user from the caller's reach instead of the sample.
  await page.getByTestId('preview-record').focus()
  await page.keyboard.press('Enter')
  await page.getByRole('option', { name: /^company\.admin/ }).press('Enter')
  const body = page.frameLocator('[data-testid="preview-frame"]').locator('body')
  await expect(body).toContainText('登录名：company.admin')
  await expect(page.getByTestId('preview-subject')).toHaveText('重置您的 VCC 管理平台密码')
  await expectAccessibleBesideFrame(page)

  // The other language shows that language's saved template of the same event.
  await page.getByTestId('preview-language').focus()
  await page.keyboard.press('Enter')
  await page.getByRole('option', { name: 'English' }).press('Enter')
  await expect(page.getByTestId('preview-subject')).toHaveText(
    'Reset your VCC Management Platform password',
  )
  await expect(body).toContainText('A password reset was requested for the account company.admin')

  await content.press('Control+Enter')
  await expect(toast(page)).toContainText('Modified successfully')
  await expect(page.getByRole('row', { name: /Password reset/ })).toContainText('2')
})

test('a variable the event does not declare is refused under the content with its line', async ({
  page,
}) => {
  await signIn(page, USERS.admin)
  await page.goto('main/email-template?event=signin-code&language=en-US')
  await expect(page.getByTestId('list-total')).toHaveText('Total 1')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  const content = page.getByLabel('Content (HTML)', { exact: true })
  await content.focus()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('\n<p>{{ balance }}</p>')
  // The preview says it at once; the save refuses it.
  await expect(page.getByTestId('template-preview').getByRole('alert')).toContainText(
    'Line 4: balance is not a variable of this e-mail',
  )
  await content.press('Control+Enter')
  await expect(
    page.getByText(/^Line 4: balance is not a variable of this e-mail/).first(),
  ).toBeVisible()
  await expect(content).toHaveAttribute('aria-invalid', 'true')
})
