import { Badge, Link as UiLink } from '@radix-ui/themes'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { actionText, objectText, objectTypeText } from '../../components/audit/auditText'
import { DateTimeText } from '../../components/format/DateTimeText'
import { ListLayout, type Column, type FilterField } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import { AUDIT_ACTIONS } from '../../lib/auditActions'
import { AUDIT_OBJECT_TYPES, OBJECT_SCREENS, parseAuditTarget } from '../../lib/auditTargets'
import { AUDIT_OUTCOMES, type auditEntries } from '../../resources/audit'
import type { RowOf } from '../../resources/kit'
import { auditResource } from './resource'

const route = getRouteApi('/main/audit-log')
type Entry = RowOf<typeof auditEntries>

/** The object an entry is about, linked to its screen where it has one. */
export function ObjectCell({ entry }: { entry: Entry }) {
  const { t } = useTranslation(['audit'])
  const object = parseAuditTarget(entry.target)
  if (!object) return <>{t('audit:noObject')}</>
  const text = objectText(t, entry.target, entry.targetName)
  const to = OBJECT_SCREENS[object.type]
  if (!to || !/^\d+$/.test(object.id)) return <>{text}</>
  return (
    <UiLink asChild>
      <Link to={to as never} search={{ id: Number(object.id) } as never}>
        {text}
      </Link>
    </UiLink>
  )
}

/** Whether an entry was done or refused; a refusal stands out. */
export function OutcomeBadge({ outcome }: { outcome: Entry['outcome'] }) {
  const { t } = useTranslation(['audit'])
  return (
    <Badge color={outcome === 'refused' ? 'red' : 'gray'} variant="soft">
      {t(`audit:outcomes.${outcome}`)}
    </Badge>
  )
}

/** audit-log: every write, sign-in, reveal and decision in reach; Enter opens an entry. */
export function AuditListScreen() {
  const { t } = useTranslation(['audit', 'dashboard', 'common'])
  const navigate = useNavigate()
  const openView = useCallback(
    (row?: Entry) =>
      row && navigate({ to: '/main/audit-log-view', search: { id: row.id } } as never),
    [navigate],
  )
  const screen = useResourceList({
    client: auditResource,
    search: route.useSearch(),
    openForm: openView,
  })
  // Entries are written by the server only: export is the one action.
  const actions = useMemo(
    () => screen.layout.actions.filter((a) => a.id === 'export'),
    [screen.layout.actions],
  )
  // The action and object type are picked by their names, never typed as codes.
  const filters = useMemo<FilterField[]>(
    () =>
      screen.layout.filters.map((f) => {
        if (f.name === 'action') {
          const options = AUDIT_ACTIONS.map((a) => ({ value: a, label: actionText(t, a) }))
          return { name: f.name, label: f.label, kind: 'choice', options }
        }
        if (f.name === 'outcome') {
          const options = AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`audit:outcomes.${o}`) }))
          return { name: f.name, label: f.label, kind: 'choice', options }
        }
        if (f.name === 'objectType') {
          const options = AUDIT_OBJECT_TYPES.map((o) => ({ value: o, label: objectTypeText(t, o) }))
          return { name: f.name, label: f.label, kind: 'choice', options }
        }
        return f
      }),
    [screen.layout.filters, t],
  )
  const columns = useMemo<Column<Entry>[]>(
    () => [
      {
        id: 'at',
        label: t('audit:entry.fields.at'),
        sortField: 'at',
        width: 180,
        hideable: false,
        render: (r) => <DateTimeText iso={r.at} />,
      },
      // A login name and an address are short; the action's words need the room.
      {
        id: 'loginName',
        label: t('audit:entry.fields.loginName'),
        width: 160,
        render: (r) => r.loginName,
      },
      { id: 'ip', label: t('audit:entry.fields.ip'), width: 130, render: (r) => r.ip },
      {
        id: 'action',
        label: t('audit:entry.fields.action'),
        render: (r) => actionText(t, r.action),
      },
      {
        id: 'object',
        label: t('audit:entry.fields.objectType'),
        render: (r) => <ObjectCell entry={r} />,
      },
      {
        id: 'outcome',
        label: t('audit:entry.fields.outcome'),
        width: 110,
        render: (r) => <OutcomeBadge outcome={r.outcome} />,
      },
    ],
    [t],
  )
  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        filters={filters}
        columns={columns}
        rowLabel={(r) => `${r.loginName} ${actionText(t, r.action)}`}
      />
      {screen.exportDialog}
    </>
  )
}
