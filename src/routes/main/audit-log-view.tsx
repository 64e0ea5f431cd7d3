import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { AuditEntryScreen } from '../../features/audit/AuditEntryScreen'

export const Route = createFileRoute('/main/audit-log-view')({
  ...lazyFormRoute(() => import('../../features/audit/resource').then((m) => m.auditResource)),
  component: AuditEntryScreen,
})
