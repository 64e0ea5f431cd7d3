import { Button } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ChangesTable } from '../../components/audit/auditChanges'
import { actionText } from '../../components/audit/auditText'
import { resourceViewScreen } from '../../components/resource/ResourceView'
import { ObjectCell } from './AuditListScreen'
import { auditResource } from './resource'

/** A reveal's or a decision's reason, when the writer kept one. */
const reasonOf = (detail: Record<string, unknown>) =>
  typeof detail.reason === 'string' ? detail.reason : null

/** Opens audit-user-rights for the entry's user: why it could do what it did. */
function RightsLink({ userId }: { userId: number }) {
  const { t } = useTranslation(['audit'])
  return (
    <Button asChild variant="soft">
      <Link to={'/main/audit-user-rights' as never} search={{ userId } as never}>
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
  },
  back: 'audit:detail.back',
  sections: [
    {
      title: 'audit:detail.reason',
      body: (r) => reasonOf(r.detail),
      show: (r) => !!reasonOf(r.detail),
    },
    {
      title: 'audit:detail.changes',
      body: (r) => <ChangesTable type={r.objectType} detail={r.detail} />,
    },
  ],
  actions: (r) => (r.userId !== null ? <RightsLink userId={r.userId} /> : null),
})
