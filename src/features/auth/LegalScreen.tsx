import { Flex, Heading, Link, Text } from '@radix-ui/themes'
import { Link as RouterLink } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PublicPage } from './PublicPage'

/**
 * A legal text as the `legal` namespace holds it: numbered sections of paragraphs. Its own
 * namespace, so the sign-in page does not download the agreement's text.
 */
interface LegalDoc {
  title: string
  updated: string
  intro: string
  sections: { heading: string; paragraphs: string[] }[]
}

/** /masterServiceAgreement and /privacyPolicy: the texts the register form links to. */
export function LegalScreen({ doc }: { doc: 'msa' | 'privacy' }) {
  const { t } = useTranslation(['legal', 'auth'])
  const text = t(`legal:${doc}`, { returnObjects: true }) as LegalDoc
  return (
    <PublicPage title={text.title} lead={text.updated} wide>
      <Text as="p" size="2">
        {text.intro}
      </Text>
      {text.sections.map((s, i) => (
        <Flex asChild direction="column" gap="2" key={s.heading}>
          <section aria-labelledby={`${doc}-s${i}`}>
            <Heading as="h2" size="3" id={`${doc}-s${i}`}>
              {`${i + 1}. ${s.heading}`}
            </Heading>
            {s.paragraphs.map((p) => (
              <Text as="p" size="2" key={p}>
                {p}
              </Text>
            ))}
          </section>
        </Flex>
      ))}
      <Flex gap="4" wrap="wrap">
        <Link asChild size="2">
          <RouterLink to="/register">{t('legal:toRegister')}</RouterLink>
        </Link>
        <Link asChild size="2">
          <RouterLink to={doc === 'msa' ? '/privacyPolicy' : '/masterServiceAgreement'}>
            {t(doc === 'msa' ? 'auth:title.privacyPolicy' : 'auth:title.masterServiceAgreement')}
          </RouterLink>
        </Link>
      </Flex>
    </PublicPage>
  )
}
