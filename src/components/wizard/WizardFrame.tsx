import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes'
import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { WizardApi } from './useWizard'

interface Props {
  wizard: WizardApi
  /** A step's title by its id (the review has its own). */
  stepTitle: (stepId: string) => string
  /** A sentence under the step's heading. */
  lead?: string
  /** The step's form, or the review. */
  children: ReactNode
}

/**
 * The frame of every wizard: "Draft restored" with a way to start over, the step list (each
 * step a button, enabled when `snapshot.can()` allows the jump), and the step's heading, which
 * takes the focus whenever the step changes so a keyboard or screen-reader user hears where
 * they are.
 */
export function WizardFrame({ wizard, stepTitle, lead, children }: Props) {
  const { t } = useTranslation('wizard')
  const { definition, position, snapshot } = wizard
  const heading = useRef<HTMLHeadingElement>(null)
  const titles = [...definition.steps.map((s) => stepTitle(s.id)), t('review')]
  // The server's open complaints about a field of the step on screen.
  const complaints = (definition.steps[position]?.fields ?? []).some(
    (f) => f in snapshot.context.fieldErrors,
  )

  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    // Sent back by the server to this step: its form puts the focus on the refused field instead.
    if (!complaints) heading.current?.focus()
    // Only when the step changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [position])

  const startOver = () => {
    wizard.send({ type: 'RESET' })
    heading.current?.focus()
  }

  return (
    <Flex direction="column" gap="4">
      {snapshot.context.restored ? (
        <Callout.Root color="blue" role="status" size="1">
          <Flex align="center" justify="between" gap="3" wrap="wrap">
            <Callout.Text>{t('draftRestored')}</Callout.Text>
            <Button type="button" size="1" variant="soft" onClick={startOver}>
              {t('startOver')}
            </Button>
          </Flex>
        </Callout.Root>
      ) : null}
      <nav aria-label={t('steps')}>
        <Flex asChild gap="2" wrap="wrap" m="0" p="0" style={{ listStyle: 'none' }}>
          <ol>
            {titles.map((title, i) => {
              const current = i === position
              const reachable = current || wizard.can.jump(i)
              return (
                <li key={title}>
                  <Button
                    type="button"
                    size="1"
                    variant={current ? 'solid' : 'soft'}
                    color={current ? undefined : 'gray'}
                    aria-current={current ? 'step' : undefined}
                    disabled={!reachable}
                    title={reachable ? undefined : t('notReachable')}
                    onClick={() => !current && wizard.send({ type: 'JUMP', step: i })}
                  >
                    {i + 1}. {title}
                  </Button>
                </li>
              )
            })}
          </ol>
        </Flex>
      </nav>
      <Flex direction="column" gap="1">
        <Heading as="h2" size="4" ref={heading} tabIndex={-1} style={{ outlineOffset: 4 }}>
          {t('stepOf', { n: position + 1, total: titles.length, title: titles[position] })}
        </Heading>
        {lead ? (
          <Text as="p" size="2" color="gray">
            {lead}
          </Text>
        ) : null}
      </Flex>
      {children}
    </Flex>
  )
}
