import { Theme, VisuallyHidden } from '@radix-ui/themes'
import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** The header's menu button, which opens the drawer and gets the focus back. */
export const MENU_TOGGLE_ID = 'vcc-menu-toggle'

/**
 * Opening lands on the current page's link (else the first link), not on the first button:
 * that one has a tooltip, which would take the first Esc for itself.
 */
function focusCurrentPage(event: Event) {
  const content = event.currentTarget as HTMLElement
  const link =
    content.querySelector<HTMLElement>('a[aria-current="page"]') ?? content.querySelector('a')
  if (!link) return
  event.preventDefault()
  link.focus()
}

/**
 * The side menu on a narrow screen: a modal sheet from the left (focus kept inside, Esc or a
 * click outside closes it). Radix's dialog primitive rather than Themes' Dialog, whose
 * content is a centred card; the nested Theme carries the tokens into the portal.
 */
export function MenuDrawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode
}) {
  const { t } = useTranslation('shell')
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Theme asChild>
          <div>
            <Dialog.Overlay className="vcc-drawer-overlay" />
            <Dialog.Content
              className="vcc-drawer"
              aria-describedby={undefined}
              onOpenAutoFocus={focusCurrentPage}
              onCloseAutoFocus={(event) => {
                // Back to the button that opened it (the drawer has no Radix trigger of its own).
                event.preventDefault()
                document.getElementById(MENU_TOGGLE_ID)?.focus()
              }}
            >
              <VisuallyHidden>
                <Dialog.Title>{t('menu.navLabel')}</Dialog.Title>
              </VisuallyHidden>
              {children}
            </Dialog.Content>
          </div>
        </Theme>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
