import { Button, DataList } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ChangesTable } from '../../components/audit/auditChanges'
import { actionText } from '../../components/audit/auditText'
import { resourceViewScreen } from '../../components/resource/ResourceView'
import { buttonText, refusalText } from '../../lib/auditChanges'
import { ObjectCell, OutcomeBadge } from './AuditListScreen'
import { auditResource } from './resource'

/** What was refused: the message in the reader's language with its code, and the button. */
function RefusalFacts({ detail }: { detail: Record<string, unknown> }) {
  const { t } = useTranslation(['audit'])
  return (
    <DataList.Root data-testid="audit-refusal">
      <DataList.Item>
        <DataList.Label>{t('audit:refusal.title')}</DataList.Label>
        <DataList.Value>{refusalText(t, detail)}</DataList.Value>
      </DataList.Item>
      {typeof detail.button === 'string' && (
        <DataList.Item>
          <DataList.Label>{t('audit:refusal.button')}</DataList.Label>
          <DataList.Value>{buttonText(t, detail.button)}</DataList.Value>
        </DataList.Item>
      )}
    </DataList.Root>
  )
}

/** A reveal's or a decision's reason, when the writer kept one. */
const reasonOf = (detail: Record<string, unknown>) =>
  typeof detail.reason === 'string' ? detail.reason : null

/**
 * Opens audit-user-rights for the entry's user: why it could do what it did. The entry's time
 * goes along, so that the rights screen says its rights are today's, not that time's.
 */
function RightsLink({ userId, at }: { userId: number; at: string }) {
  const { t } = useTranslation(['audit'])
  return (
    <Button asChild variant="soft">
      <Link to={'/main/audit-user-rights' as never} search={{ userId, at } as never}>
        {t('audit:rights.open')}
      </Link>
    </Button>
  )
}

/** audit-log-view (?id=): one entry: who, when, where, what, and a change's fields before and after. */
export const AuditEntryScreen = resourceViewScreen({
  client: auditResource,
  title: 'menu:audit-log-view',
  display: {
    action: (r, t) => actionText(t, r.action),
    objectType: (r) => <ObjectCell entry={r} />,
    outcome: (r) => <OutcomeBadge outcome={r.outcome} />,
  },
  back: 'audit:detail.back',
  sections: [
    {
      title: 'audit:refusal.title',
      body: (r) => <RefusalFacts detail={r.detail} />,
      show: (r) => r.outcome === 'refused',
    },
    {
      title: 'audit:detail.reason',
      body: (r) => reasonOf(r.detail),
      show: (r) => !!reasonOf(r.detail),
    },
    {
      title: 'audit:detail.changes',
      body: (r) => <ChangesTable type={r.objectType} detail={r.detail} />,
      show: (r) => r.outcome !== 'refused',
    },
  ],
  actions: (r) => (r.userId !== null ? <RightsLink userId={r.userId} at={r.at} /> : null),
})
