import type { Page } from '@playwright/test'

/** A permission tree item by its label (button labels repeat: scope them to their page item). */
export const treeItem = (page: Page, name: string) =>
  page.getByRole('tree').getByRole('treeitem', { name, exact: true })

/** ↓ until the tree item named `name` has the focus. */
export async function arrowTo(page: Page, name: string, max = 80) {
  for (let i = 0; i < max; i++) {
    const focused = await page.evaluate(() => {
      const el = document.activeElement
      const id = el?.getAttribute('aria-labelledby')
      return id ? (document.getElementById(id)?.textContent ?? '') : ''
    })
    if (focused === name) return
    await page.keyboard.press('ArrowDown')
  }
  throw new Error(`could not reach ${name} with the arrow keys`)
}
