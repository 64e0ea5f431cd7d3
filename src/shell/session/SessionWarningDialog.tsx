import { AlertDialog, Button, Callout, Flex, Text } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { formatCountdown } from '../../lib/countdown'
import { dismissNotice, useNotice } from './notices'
import { signOut, staySignedIn, useSessionCountdown, useSessionPhase } from './runtime'

/**
 * Spec §4: the time-out warning with its mm:ss countdown. Escape counts as "stay": whoever
 * dismisses the dialog is at the keyboard. Reaching zero is the machine's business.
 */
export function SessionWarningDialog() {
  const { t } = useTranslation('shell')
  const phase = useSessionPhase()
  const { remaining, extending } = useSessionCountdown()
  const failed = useNotice('extendFailed')
  const open = phase === 'warning'

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && open) staySignedIn()
      }}
    >
      <AlertDialog.Content maxWidth="440px" data-testid="session-warning">
        <AlertDialog.Title>{t('session.warningTitle')}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {t('session.warningText')}{' '}
          <Text
            as="span"
            role="timer"
            aria-label={t('session.countdownLabel')}
            weight="bold"
            data-testid="session-countdown"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {formatCountdown(remaining)}
          </Text>
        </AlertDialog.Description>
        {failed && (
          <Callout.Root color="red" size="1" mt="3" role="alert">
            <Callout.Text>{t('session.extendFailed')}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button
              variant="soft"
              color="gray"
              onClick={(e) => {
                e.preventDefault()
                dismissNotice('extendFailed')
                signOut()
              }}
            >
              {t('session.signOut')}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button
              autoFocus
              loading={extending}
              onClick={(e) => {
                e.preventDefault()
                staySignedIn()
              }}
            >
              {t('session.stay')}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}
