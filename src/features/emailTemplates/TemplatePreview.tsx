import { Box, Callout, Flex, Heading, Select, Text, TextField } from '@radix-ui/themes'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, call } from '../../api/client'
import {
  MAIL_LANGUAGES,
  mailEventSpec,
  type MailEvent,
  type MailLanguage,
} from '../../lib/mailEvents'

/** How long the editor must be still before the preview asks again. */
const PREVIEW_DELAY_MS = 400
const SAMPLE = 'sample'

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PREVIEW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [value])
  return settled
}

interface Props {
  event: MailEvent
  /** The template's language: its text is the editor's. */
  language: MailLanguage
  title: string
  content: string
}

/**
 * The live preview beside the editor: the mail rendered by the server (the same engine and
 * rules a send uses) in a sandboxed frame — `sandbox=""` runs no script, submits no form and
 * reaches no parent — with sample values or a real record the user reaches. The other
 * language shows that language's saved template of the same event.
 */
export function TemplatePreview(p: Props) {
  const { t } = useTranslation(['mailTemplate'])
  const ids = useId()
  const [previewLanguage, setPreviewLanguage] = useState<MailLanguage>(p.language)
  const [record, setRecord] = useState(SAMPLE)
  const [keyword, setKeyword] = useState('')
  useEffect(() => setPreviewLanguage(p.language), [p.language])
  const kind = mailEventSpec(p.event).record
  const settledKeyword = useSettled(keyword)

  const other = previewLanguage !== p.language
  const otherTemplate = useQuery({
    queryKey: ['email-template', 'of', p.event, previewLanguage],
    queryFn: () =>
      call('/email-template/list', {
        pageNum: 1,
        pageSize: 10,
        filters: { event: p.event, language: previewLanguage },
      }).then((page) => page.list.find((r) => r.event === p.event) ?? null),
    enabled: other,
  })
  const editorText = useSettled({ title: p.title, content: p.content })
  const text = other
    ? otherTemplate.data && { title: otherTemplate.data.title, content: otherTemplate.data.content }
    : editorText

  const records = useQuery({
    queryKey: ['email-template', 'records', p.event, settledKeyword],
    queryFn: () =>
      call('/email-template/records', { event: p.event, keyword: settledKeyword.trim() }),
    enabled: !!kind,
    placeholderData: keepPreviousData,
  })
  const recordId = record === SAMPLE ? undefined : Number(record)

  const preview = useQuery({
    queryKey: ['email-template', 'preview', p.event, previewLanguage, text, recordId],
    queryFn: () =>
      call('/email-template/preview', {
        event: p.event,
        language: previewLanguage,
        title: text!.title,
        content: text!.content,
        recordId,
      }),
    enabled: !!text && !!text.content,
    placeholderData: keepPreviousData,
    retry: false,
  })
  const error = preview.error
  const problems =
    error instanceof ApiError && error.fieldErrors.length
      ? error.fieldErrors.map((f) => f.message)
      : error
        ? [error.message]
        : []

  return (
    <Flex direction="column" gap="3" data-testid="template-preview">
      <Heading as="h2" size="3">
        {t('mailTemplate:preview')}
      </Heading>
      <Flex gap="3" wrap="wrap" align="end">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" id={`${ids}-lang`}>
            {t('mailTemplate:previewLanguage')}
          </Text>
          <Select.Root
            value={previewLanguage}
            onValueChange={(v) => setPreviewLanguage(v as MailLanguage)}
          >
            <Select.Trigger aria-labelledby={`${ids}-lang`} data-testid="preview-language" />
            <Select.Content position="popper">
              {MAIL_LANGUAGES.map((l) => (
                <Select.Item key={l} value={l}>
                  {t(`mailTemplate:languages.${l}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        {kind ? (
          <>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" htmlFor={`${ids}-search`}>
                {t('mailTemplate:recordSearch')}
              </Text>
              <TextField.Root
                id={`${ids}-search`}
                value={keyword}
                maxLength={100}
                onChange={(e) => setKeyword(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" id={`${ids}-record`}>
                {t('mailTemplate:previewWith')}: {t(`mailTemplate:recordKinds.${kind}`)}
              </Text>
              <Select.Root value={record} onValueChange={setRecord}>
                <Select.Trigger aria-labelledby={`${ids}-record`} data-testid="preview-record" />
                <Select.Content position="popper">
                  <Select.Item value={SAMPLE}>{t('mailTemplate:sampleData')}</Select.Item>
                  {(records.data ?? []).map((r) => (
                    <Select.Item key={r.id} value={String(r.id)}>
                      {r.label}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Flex>
            {records.data && records.data.length === 0 ? (
              <Text size="1" color="gray">
                {t('mailTemplate:recordNone')}
              </Text>
            ) : null}
          </>
        ) : null}
      </Flex>
      {problems.length ? (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>
            {t('mailTemplate:previewError')}: {problems.join(' · ')}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {preview.data ? (
        <>
          <Text size="2">
            <Text weight="bold">{t('mailTemplate:previewSubject')}: </Text>
            <span data-testid="preview-subject">{preview.data.subject}</span>
          </Text>
          <Box style={{ border: '1px solid var(--gray-6)', borderRadius: 'var(--radius-2)' }}>
            <iframe
              // No permission at all: the mail's HTML runs no script and reaches nothing.
              sandbox=""
              srcDoc={preview.data.html}
              title={t('mailTemplate:previewFrame')}
              data-testid="preview-frame"
              style={{ width: '100%', height: 360, border: 0, background: 'white' }}
            />
          </Box>
          <details>
            <summary>
              <Text size="2">{t('mailTemplate:plainText')}</Text>
            </summary>
            <pre data-testid="preview-text" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {preview.data.text}
            </pre>
          </details>
        </>
      ) : null}
    </Flex>
  )
}
