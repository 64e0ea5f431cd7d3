import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { AuditListScreen } from '../../features/audit/AuditListScreen'

export const Route = createFileRoute('/main/audit-log')({
  ...lazyListRoute(() => import('../../features/audit/resource').then((m) => m.auditResource)),
  component: AuditListScreen,
})
