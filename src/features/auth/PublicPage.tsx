import { Box, Card, Flex, Heading, Link, Text } from '@radix-ui/themes'
import { Link as RouterLink } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '../../shell/layout/LanguageSwitch'
import { ThemeToggle } from '../../shell/layout/ThemeToggle'

interface Props {
  title: string
  /** A sentence under the title. */
  lead?: string
  children: ReactNode
  /** Wider card for long forms and texts (register, agreements). */
  wide?: boolean
}

/**
 * The frame of every public page: product name, the shell's language and theme switches, and a
 * card with the page's content.
 */
export function PublicPage({ title, lead, children, wide }: Props) {
  const { t } = useTranslation()
  return (
    <Flex direction="column" minHeight="100vh" style={{ background: 'var(--gray-2)' }}>
      <Flex asChild align="center" justify="between" px="5" py="3">
        <header>
          <Link asChild weight="bold" size="4" underline="none" highContrast>
            <RouterLink to="/login">{t('common:productName')}</RouterLink>
          </Link>
          <Flex align="center" gap="4">
            <LanguageSwitch />
            <ThemeToggle />
          </Flex>
        </header>
      </Flex>
      <Flex asChild justify="center" px="4" py="6" flexGrow="1">
        <main>
          <Box width="100%" maxWidth={wide ? '820px' : '440px'}>
            <Card size="4">
              <Flex direction="column" gap="4">
                <Flex direction="column" gap="1">
                  <Heading as="h1" size="6">
                    {title}
                  </Heading>
                  {lead ? (
                    <Text as="p" color="gray" size="2">
                      {lead}
                    </Text>
                  ) : null}
                </Flex>
                {children}
              </Flex>
            </Card>
          </Box>
        </main>
      </Flex>
    </Flex>
  )
}
