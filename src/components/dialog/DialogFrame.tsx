import { Box, Button, Dialog, Flex, IconButton } from '@radix-ui/themes'
import { useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface Props {
  open: boolean
  /** Esc, the close button, Cancel and a click outside all end here; nothing is acted on. */
  onClose: () => void
  title: ReactNode
  /** Under the title: what the dialog is about (a card's number…). */
  subtitle?: ReactNode
  /** A sentence under the title that assistive technology reads as the dialog's description. */
  description?: ReactNode
  maxWidth?: string
  testId?: string
  /** Buttons beside Cancel at the foot (Start…). */
  actions?: ReactNode
  /**
   * The content carries its own Cancel (a form's button row, with DialogCancel beside Submit),
   * so the foot has none.
   */
  cancelInContent?: boolean
  children: ReactNode
}

/**
 * The one frame of the console's dialogs: the title with a close button (×, named "Close") in
 * its corner, the content, and Cancel at the foot — a dialog never closes by Esc alone.
 * ActionDialog (an action's form) stands on it; so does every hand-made dialog.
 */
export function DialogFrame(p: Props) {
  const { t } = useTranslation()
  const body = useRef<HTMLDivElement>(null)
  return (
    <Dialog.Root open={p.open} onOpenChange={(o) => !o && p.onClose()}>
      <Dialog.Content
        maxWidth={p.maxWidth ?? '520px'}
        // Without a description, say so (Radix warns otherwise); with one, Radix links it.
        {...(p.description ? {} : { 'aria-describedby': undefined })}
        data-testid={p.testId}
        // Focus starts on the first field (or button) of the content, not on the close button
        // in the corner; a field with autoFocus has it already and Radix leaves it there.
        onOpenAutoFocus={(event) => {
          const first = firstFocusable(body.current)
          if (!first) return
          event.preventDefault()
          first.focus()
        }}
      >
        <Flex justify="between" align="start" gap="3">
          <Dialog.Title>{p.title}</Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label={t('common:close')}>
              <span aria-hidden>×</span>
            </IconButton>
          </Dialog.Close>
        </Flex>
        <Box ref={body}>
          {p.subtitle}
          {p.description ? <Dialog.Description size="2">{p.description}</Dialog.Description> : null}
          {p.children}
          {p.cancelInContent ? null : (
            <Flex gap="3" mt="4" justify="end">
              <DialogCancel />
              {p.actions}
            </Flex>
          )}
        </Box>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** Cancel: closes the dialog it is in without acting (for a form's row beside Submit). */
export function DialogCancel() {
  const { t } = useTranslation()
  return (
    <Dialog.Close>
      <Button type="button" variant="soft" color="gray">
        {t('common:cancel')}
      </Button>
    </Dialog.Close>
  )
}

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]'

/** The first element of `root` the Tab key reaches (shown, enabled, not taken out of order). */
function firstFocusable(root: HTMLElement | null): HTMLElement | undefined {
  return Array.from(root?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).find(
    (el) =>
      el.tabIndex >= 0 &&
      !el.matches(':disabled') &&
      !el.closest('[aria-hidden="true"]') &&
      el.getClientRects().length > 0,
  )
}
