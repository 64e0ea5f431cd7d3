import { Button, Code, DataList, Flex, Grid } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { EditRecord, FormPage } from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { emailTemplates } from '../../resources/emailTemplates'
import type { RowOf } from '../../resources/kit'
import { emailTemplateResource } from './resource'
import { TemplatePreview } from './TemplatePreview'

const route = getRouteApi('/main/email-template-view')
type Template = RowOf<typeof emailTemplates>

/** email-template-view (?id=): one template, read only, with its preview and Edit when allowed. */
export function EmailTemplateViewScreen() {
  const { t } = useTranslation()
  const { id } = route.useSearch()
  return (
    <EditRecord
      id={id}
      query={emailTemplateResource.detailQuery}
      title={t('mailTemplate:viewTitle')}
      error={id ? null : new Error(t('validation:selectRow'))}
    >
      {(template) => <TemplateView key={id} template={template!} />}
    </EditRecord>
  )
}

function TemplateView({ template }: { template: Template }) {
  const { t } = useTranslation(['mailTemplate', 'common'])
  const navigate = useNavigate()
  const perms = useScreenButtons(emailTemplates.screen, emailTemplates.buttons)
  useFormTab('mailTemplate:viewTitle', emailTemplates.screen)
  const rows: [string, ReactNode][] = [
    [t('mailTemplate:event'), t(`mailTemplate:events.${template.event}`)],
    [t('mailTemplate:language'), t(`mailTemplate:languages.${template.language}`)],
    [t('mailTemplate:name'), template.name],
    [t('mailTemplate:title'), template.title],
    [t('mailTemplate:version'), template.version],
    [t('mailTemplate:updatedBy'), template.updatedBy || '—'],
    [t('mailTemplate:updatedAt'), <DateTimeText key="at" iso={template.updatedAt} />],
    [
      t('mailTemplate:content'),
      <Code key="content" variant="ghost" style={{ whiteSpace: 'pre-wrap' }}>
        {template.content}
      </Code>,
    ],
  ]
  return (
    <FormPage title={t('mailTemplate:viewTitle')}>
      <Grid columns={{ initial: '1', lg: '2' }} gap="5">
        <Flex direction="column" gap="4">
          <DataList.Root>
            {rows.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.Label>{label}</DataList.Label>
                <DataList.Value>{value}</DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Flex gap="3">
            {perms.can('edit') ? (
              <Button
                onClick={() =>
                  navigate({ to: '/main/email-template-save', search: { id: template.id } })
                }
              >
                {t('common:edit')}
              </Button>
            ) : null}
            <Button
              variant="soft"
              color="gray"
              onClick={() =>
                navigate({
                  to: '/main/email-template',
                  search: lastListSearch(emailTemplates.screen),
                })
              }
            >
              {t('mailTemplate:back')}
            </Button>
          </Flex>
        </Flex>
        <TemplatePreview
          event={template.event}
          language={template.language}
          title={template.title}
          content={template.content}
        />
      </Grid>
    </FormPage>
  )
}
