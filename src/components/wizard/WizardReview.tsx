import { Button, Callout, DataList, Flex, Heading } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { WizardApi } from './useWizard'

export interface ReviewSection {
  /** The step's title. */
  title: string
  items: { label: string; value: ReactNode }[]
}

interface Props {
  wizard: WizardApi
  /** One section per step, in step order. */
  sections: ReviewSection[]
  submitLabel: string
}

/**
 * The review: every step's values with an Edit button (a jump back to that step), the refusal
 * the server did not tie to a field, Back, and Submit — enabled by `snapshot.can()`.
 */
export function WizardReview({ wizard, sections, submitLabel }: Props) {
  const { t } = useTranslation('wizard')
  const submitting = wizard.snapshot.matches('submitting')
  const formError = wizard.snapshot.context.formError
  return (
    <Flex direction="column" gap="4" aria-busy={submitting}>
      {formError ? (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>{formError}</Callout.Text>
        </Callout.Root>
      ) : null}
      {sections.map((section, i) => (
        <section key={section.title} aria-label={section.title}>
          <Flex align="center" justify="between" gap="3" mb="2">
            <Heading as="h3" size="3">
              {section.title}
            </Heading>
            <Button
              type="button"
              size="1"
              variant="soft"
              disabled={submitting || !wizard.can.jump(i)}
              aria-label={t('editStep', { title: section.title })}
              onClick={() => wizard.send({ type: 'JUMP', step: i })}
            >
              {t('edit')}
            </Button>
          </Flex>
          <DataList.Root size="2">
            {section.items.map((item) => (
              <DataList.Item key={item.label}>
                <DataList.Label minWidth="180px">{item.label}</DataList.Label>
                <DataList.Value>{item.value === '' ? t('empty') : item.value}</DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
        </section>
      ))}
      <Flex gap="3" align="center" wrap="wrap">
        <Button
          type="button"
          disabled={!wizard.can.submit}
          loading={submitting}
          onClick={() => wizard.send({ type: 'SUBMIT' })}
        >
          {submitLabel}
        </Button>
        <Button
          type="button"
          variant="soft"
          color="gray"
          disabled={submitting || !wizard.can.back}
          onClick={() => wizard.send({ type: 'BACK' })}
        >
          {t('back')}
        </Button>
      </Flex>
    </Flex>
  )
}
