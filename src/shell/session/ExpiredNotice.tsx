import { Callout, Flex, IconButton } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { Icon } from '../icons'
import { dismissNotice, useNotice } from './notices'

/**
 * "Login has expired, please log in again" (spec §8), raised once by the session machine and
 * kept above whatever page comes next (the login page) until dismissed or a new sign-in.
 */
export function ExpiredNotice() {
  const { t } = useTranslation(['errors', 'shell'])
  const shown = useNotice('expired')
  if (!shown) return null
  return (
    <div className="vcc-notice">
      <Callout.Root color="amber" role="alert" data-testid="session-expired">
        <Flex align="center" gap="3">
          <Callout.Text>{t('errors:sessionExpired')}</Callout.Text>
          <IconButton
            size="1"
            variant="ghost"
            color="gray"
            aria-label={t('shell:session.dismiss')}
            onClick={() => dismissNotice('expired')}
          >
            <Icon name="close" />
          </IconButton>
        </Flex>
      </Callout.Root>
    </div>
  )
}
