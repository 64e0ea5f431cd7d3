import { Box, Callout, Flex, IconButton } from '@radix-ui/themes'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { currentToasts, dismissToast, subscribeToasts, type ToastKind } from './toast'

const COLOR: Record<ToastKind, 'green' | 'red' | 'blue'> = {
  success: 'green',
  error: 'red',
  info: 'blue',
}

/**
 * The toasts of the whole console, bottom right. Two live regions: a polite one for
 * successes and an assertive one for failures, so a screen reader reads an error at once
 * and a success when it is idle. Mounted once, in the root route.
 */
export function Toaster() {
  const { t } = useTranslation()
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts)
  const region = (errors: boolean) => (
    <Flex
      direction="column"
      gap="2"
      role={errors ? 'alert' : 'status'}
      aria-live={errors ? 'assertive' : 'polite'}
      data-testid={errors ? 'toast-errors' : 'toast-messages'}
    >
      {toasts
        .filter((x) => (x.kind === 'error') === errors)
        .map((x) => (
          // A solid panel under the tinted callout: the toast floats over any content, and its
          // text must keep its contrast whatever is beneath.
          <Box
            key={x.id}
            style={{ background: 'var(--color-panel-solid)', borderRadius: 'var(--radius-3)' }}
          >
            <Callout.Root color={COLOR[x.kind]} variant="surface" size="1" highContrast>
              <Flex align="center" gap="3" justify="between">
                <Callout.Text>{x.text}</Callout.Text>
                <IconButton
                  size="1"
                  variant="ghost"
                  color="gray"
                  aria-label={t('common:dismiss')}
                  onClick={() => dismissToast(x.id)}
                >
                  ×
                </IconButton>
              </Flex>
            </Callout.Root>
          </Box>
        ))}
    </Flex>
  )
  return (
    <Flex
      direction="column"
      gap="2"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000, maxWidth: 420 }}
    >
      {region(true)}
      {region(false)}
    </Flex>
  )
}
