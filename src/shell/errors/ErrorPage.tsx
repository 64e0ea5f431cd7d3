import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes'
import { useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { hasFullSession, readUser } from '../../api/storage'
import { safeReturnPath } from '../../lib/access'
import { landingPath } from '../../lib/screens'
import { navigateToHref } from '../navigation'

export type ErrorKind = '401' | '403' | '404'

/**
 * The spec §8 error pages: the status, its exact heading and text, and a way on. 401 offers
 * signing in again (the menus are the server's word, a different account may have them);
 * 403 offers the page it came from; every page offers home.
 */
export function ErrorPage({ kind, from }: { kind: ErrorKind; from?: string }) {
  const { t } = useTranslation('shell')
  const router = useRouter()
  const home = hasFullSession() ? landingPath(readUser()?.landingPage) : '/login'
  const back = kind === '403' ? safeReturnPath(from) : undefined
  return (
    <Flex
      direction="column"
      align="center"
      justify="center"
      gap="4"
      p="6"
      className="vcc-error"
      data-testid={`error-${kind}`}
    >
      <Text className="vcc-error-code" aria-hidden="true">
        {kind}
      </Text>
      <Heading as="h1" size="6" align="center">
        {t(`error${kind}.heading`)}
      </Heading>
      <Box maxWidth="520px">
        <Text as="p" align="center" color="gray">
          {t(`error${kind}.text`)}
        </Text>
      </Box>
      <Flex gap="3" wrap="wrap" justify="center">
        {back && (
          <Button variant="soft" onClick={() => void navigateToHref(router, back)}>
            {t('error.goBack')}
          </Button>
        )}
        {kind === '401' && (
          <Button variant="soft" onClick={() => void router.navigate({ to: '/login' } as never)}>
            {t('error.signIn')}
          </Button>
        )}
        <Button onClick={() => void navigateToHref(router, home)}>{t('error.returnHome')}</Button>
      </Flex>
    </Flex>
  )
}

/** An error page on its own (public routes): the page's one main landmark. */
export function PublicErrorPage(props: { kind: ErrorKind; from?: string }) {
  return (
    <main id="main-content" className="vcc-public-main">
      <ErrorPage {...props} />
    </main>
  )
}

/** Any path nothing matches (spec §2), outside the shell. */
export function NotFoundScreen() {
  return <PublicErrorPage kind="404" />
}

/** An unmatched path under /main: inside the shell, whose main landmark already holds it. */
export function NotFoundInShell() {
  return <ErrorPage kind="404" />
}
