import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes'
import { useRouter } from '@tanstack/react-router'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { hasFullSession, readUser } from '../../api/storage'
import { safeReturnPath } from '../../lib/access'
import type { Refusal } from '../../lib/refusal'
import { landingPath } from '../../lib/screens'
import { navigateToHref } from '../navigation'

export type ErrorKind = '401' | '403' | '404'

/** A screen or button by its label in the reader's language (`menu:` keys, the registry's). */
export function rightLabel(t: TFunction, right: Refusal): string {
  if (right.kind === 'menu') return t(`menu:${right.menu}`, { defaultValue: right.menu })
  if (right.kind !== 'button') return ''
  const [screen, action] = right.button.split(':')
  return `${t(`menu:${screen}`, { defaultValue: screen })} › ${t(`menu:button.${action}`, { defaultValue: action })}`
}

/**
 * What the 403 page says: the refusal it was. A right missing names the screen or button; only
 * a refused country shows the spec's country text; a page opened with no session says the
 * session ended; a refusal the page was not told says only that it is not permitted.
 */
export function forbiddenText(t: TFunction, refusal: Refusal | undefined, signedIn: boolean) {
  if (refusal?.kind === 'country') return t('shell:error403.text')
  if (!signedIn) return t('shell:error403.sessionEnded')
  if (refusal?.kind === 'menu' || refusal?.kind === 'button')
    return t('shell:error403.right', { right: rightLabel(t, refusal) })
  if (refusal?.kind === 'platformAdmin') return t('shell:error403.platformAdmin')
  return t('shell:error403.notPermitted')
}

/**
 * The spec §8 error pages: the status, its exact heading and text, and a way on. 401 offers
 * signing in again (the menus are the server's word, a different account may have them);
 * 403 names its refusal and offers the page it came from; every page offers home.
 */
export function ErrorPage({
  kind,
  from,
  refusal,
}: {
  kind: ErrorKind
  from?: string
  refusal?: Refusal
}) {
  const { t } = useTranslation('shell')
  // The refusal's words come from several namespaces (shell, menu).
  const { t: tAll } = useTranslation()
  const router = useRouter()
  const signedIn = hasFullSession()
  const home = signedIn ? landingPath(readUser()?.landingPage) : '/login'
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
        <Text as="p" align="center" color="gray" data-testid="error-text">
          {kind === '403' ? forbiddenText(tAll, refusal, signedIn) : t(`error${kind}.text`)}
        </Text>
      </Box>
      <Flex gap="3" wrap="wrap" justify="center">
        {back && (
          <Button variant="soft" onClick={() => void navigateToHref(router, back)}>
            {t('error.goBack')}
          </Button>
        )}
        {(kind === '401' || (kind === '403' && !signedIn)) && (
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
export function PublicErrorPage(props: { kind: ErrorKind; from?: string; refusal?: Refusal }) {
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
