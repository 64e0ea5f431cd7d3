import { AlertDialog, Button, Flex } from '@radix-ui/themes'
import { useBlocker } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Asks "leave without saving?" when the user navigates away from a form with unsaved changes:
 * a route change (menu, tab, palette, Back) shows a dialog; closing or reloading the browser
 * tab gets the browser's own prompt. Only moves inside the console are asked about: a sign-out
 * (the session ending, another tab signing out) goes to a public page and is never held up.
 */
export function LeaveGuard({ when }: { when: () => boolean }) {
  const { t } = useTranslation('form')
  const shouldBlockFn = useCallback(
    ({ next }: { next: { pathname: string } }) => when() && next.pathname.startsWith('/main'),
    [when],
  )
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload: when, withResolver: true })
  return (
    <AlertDialog.Root
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => (open ? undefined : blocker.reset?.())}
    >
      <AlertDialog.Content maxWidth="440px" data-testid="leave-guard">
        <AlertDialog.Title>{t('leave.title')}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t('leave.description')}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          {/* Focus starts on Stay: a stray Enter keeps the user's work. */}
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {t('leave.stay')}
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" highContrast onClick={() => blocker.proceed?.()}>
            {t('leave.leave')}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}
