import { Button, Callout, Flex } from '@radix-ui/themes'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'

/**
 * A page (or the menu under it) failed to load: say so in the server's words when it gave
 * some, and offer to try again. Sessions and permissions are not this page's business: 401 and
 * 403 have already moved the user on.
 */
export function ShellError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation(['shell', 'errors'])
  const router = useRouter()
  const message = error instanceof ApiError ? error.message : t('errors:requestError')
  return (
    <Flex direction="column" gap="3" p="6" align="start">
      <Callout.Root color="red" role="alert">
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      <Button
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        {t('shell:retry')}
      </Button>
    </Flex>
  )
}
