import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { ListLayout, type Column, type ListAction } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { emailTemplates } from '../../resources/emailTemplates'
import type { RowOf } from '../../resources/kit'
import { emailTemplateResource } from './resource'

const route = getRouteApi('/main/email-template')
type Template = RowOf<typeof emailTemplates>

/** email-template: every event's template in each language; opened to view, edited as versions. */
export function EmailTemplateListScreen() {
  const { t } = useTranslation(['mailTemplate', 'common'])
  const navigate = useNavigate()
  const screen = useResourceList({ client: emailTemplateResource, search: route.useSearch() })
  const actions = useMemo<ListAction<Template>[]>(
    () => [
      // Templates are never deleted: every event keeps both languages.
      ...screen.layout.actions.filter((a) => a.id !== 'delete'),
      {
        id: 'view',
        label: t('mailTemplate:view'),
        needs: 'one',
        run: ([row]) => navigate({ to: '/main/email-template-view', search: { id: row.id } }),
      },
    ],
    [screen.layout.actions, navigate, t],
  )
  const columns = useMemo<Column<Template>[]>(
    () => [
      {
        id: 'event',
        label: t('mailTemplate:event'),
        sortField: 'event',
        hideable: false,
        render: (r) => t(`mailTemplate:events.${r.event}`),
      },
      {
        id: 'language',
        label: t('mailTemplate:language'),
        render: (r) => t(`mailTemplate:languages.${r.language}`),
      },
      { id: 'name', label: t('mailTemplate:name'), sortField: 'name', render: (r) => r.name },
      { id: 'title', label: t('mailTemplate:title'), render: (r) => r.title },
      { id: 'version', label: t('mailTemplate:version'), render: (r) => r.version },
      { id: 'updatedBy', label: t('mailTemplate:updatedBy'), render: (r) => r.updatedBy },
      {
        id: 'updatedAt',
        label: t('mailTemplate:updatedAt'),
        sortField: 'updatedAt',
        width: 180,
        render: (r) => <DateTimeText iso={r.updatedAt} />,
      },
    ],
    [t],
  )
  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        columns={columns}
        rowLabel={(r) => `${t(`mailTemplate:events.${r.event}`)} (${r.language})`}
      />
      {screen.exportDialog}
    </>
  )
}
