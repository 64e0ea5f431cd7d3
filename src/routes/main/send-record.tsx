import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { SendRecordListScreen } from '../../features/mail/SendRecordListScreen'

export const Route = createFileRoute('/main/send-record')({
  ...lazyListRoute(() => import('../../features/mail/resource').then((m) => m.sendRecordResource)),
  component: SendRecordListScreen,
})
