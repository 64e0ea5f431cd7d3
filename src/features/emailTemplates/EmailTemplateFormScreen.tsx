import { Box, Button, Code, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectInput, TextAreaInput, TextInput } from '../../components/form'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import {
  MAIL_EVENTS,
  MAIL_LANGUAGES,
  mailEventSpec,
  TEMPLATE_MAX_BYTES,
  type MailEvent,
} from '../../lib/mailEvents'
import { emailTemplates, TEMPLATE_TITLE_MAX } from '../../resources/emailTemplates'
import type { RowOf } from '../../resources/kit'
import { emailTemplateResource } from './resource'
import { TemplatePreview } from './TemplatePreview'

const templateForm = emailTemplates.save.omit({ id: true })
type Template = RowOf<typeof emailTemplates>
type TextField = 'title' | 'content'

/** The variables of the event, each a button that writes `{{ name }}` where the caret is. */
function VariableList({
  event,
  insert,
  disabled,
}: {
  event: MailEvent
  insert: (name: string) => void
  disabled: boolean
}) {
  const { t } = useTranslation(['mailTemplate'])
  const variables = Object.entries(mailEventSpec(event).variables)
  return (
    <Flex direction="column" gap="2" role="group" aria-labelledby="template-variables">
      <Heading as="h2" size="3" id="template-variables">
        {t('mailTemplate:variables')}
      </Heading>
      <Text size="1" color="gray">
        {t('mailTemplate:variablesHint')}
      </Text>
      <Flex gap="2" wrap="wrap">
        {variables.map(([name, v]) => (
          <Button
            key={name}
            type="button"
            size="1"
            variant="soft"
            disabled={disabled}
            aria-label={t('mailTemplate:insertVariable', { name })}
            title={`${t(`mailTemplate:variable.${name}` as 'mailTemplate:variable.name')} (${t(`mailTemplate:variableTypes.${v.type}`)})`}
            onClick={() => insert(name)}
            data-testid={`insert-${name}`}
          >
            <Code variant="ghost">{`{{ ${name} }}`}</Code>
          </Button>
        ))}
      </Flex>
    </Flex>
  )
}

function EmailTemplateForm({ record }: { record?: Template }) {
  const { t } = useTranslation(['mailTemplate', 'common'])
  const screen = useResourceForm({
    client: emailTemplateResource,
    record,
    schema: templateForm,
    initial: {
      event: record?.event ?? MAIL_EVENTS[0],
      language: record?.language ?? MAIL_LANGUAGES[0],
      name: record?.name ?? '',
      title: record?.title ?? '',
      content: record?.content ?? '',
    },
    titles: { add: 'mailTemplate:addTitle', edit: 'mailTemplate:editTitle' },
  })
  const { form } = screen
  const [event, language, title, content] = form.rhf.watch([
    'event',
    'language',
    'title',
    'content',
  ])
  // The field the caret was last in: a variable goes there.
  const lastField = useRef<TextField>('content')
  const trackField = (e: React.FocusEvent) => {
    if (e.target.id === form.fieldId('title')) lastField.current = 'title'
    if (e.target.id === form.fieldId('content')) lastField.current = 'content'
  }
  const insert = (name: string) => {
    const field = lastField.current
    const el = document.getElementById(form.fieldId(field)) as HTMLInputElement | null
    const value = form.rhf.getValues(field) ?? ''
    const at = el?.selectionStart ?? value.length
    const end = el?.selectionEnd ?? at
    const piece = `{{ ${name} }}`
    form.rhf.setValue(field, value.slice(0, at) + piece + value.slice(end), {
      shouldDirty: true,
      shouldValidate: form.rhf.formState.isSubmitted,
    })
    // Back to the field, the caret after what was inserted.
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(at + piece.length, at + piece.length)
    })
  }
  const eventOptions = MAIL_EVENTS.map((e) => ({ value: e, label: t(`mailTemplate:events.${e}`) }))
  const languageOptions = MAIL_LANGUAGES.map((l) => ({
    value: l,
    label: t(`mailTemplate:languages.${l}`),
  }))
  return (
    <ResourceFormPage screen={screen}>
      <Grid columns={{ initial: '1', lg: '2' }} gap="5" onFocus={trackField}>
        <Flex direction="column" gap="3">
          <Flex gap="3" wrap="wrap">
            <SelectInput
              form={form}
              name="event"
              label={t('mailTemplate:event')}
              options={eventOptions}
              disabled={!!record}
              required
            />
            <SelectInput
              form={form}
              name="language"
              label={t('mailTemplate:language')}
              options={languageOptions}
              disabled={!!record}
              hint={record ? undefined : t('mailTemplate:languageBoth')}
              required
            />
          </Flex>
          <TextInput form={form} name="name" label={t('mailTemplate:name')} required autoFocus />
          <TextInput
            form={form}
            name="title"
            label={t('mailTemplate:title')}
            maxLength={TEMPLATE_TITLE_MAX}
            required
          />
          <Box className="template-code">
            <TextAreaInput
              form={form}
              name="content"
              label={t('mailTemplate:content')}
              hint={t('mailTemplate:limitsHint')}
              maxLength={TEMPLATE_MAX_BYTES}
              rows={18}
              required
            />
          </Box>
          <VariableList event={event} insert={insert} disabled={!screen.allowed} />
        </Flex>
        <TemplatePreview event={event} language={language} title={title} content={content} />
      </Grid>
    </ResourceFormPage>
  )
}

/** email-template-save: a new template (no id) or the next version of one (?id=). */
export const EmailTemplateFormScreen = resourceFormScreen(
  emailTemplateResource,
  'mailTemplate:editTitle',
  EmailTemplateForm,
)
