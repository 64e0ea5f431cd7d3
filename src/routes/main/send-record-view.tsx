import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { SendRecordViewScreen } from '../../features/mail/SendRecordViewScreen'

export const Route = createFileRoute('/main/send-record-view')({
  ...lazyFormRoute(() => import('../../features/mail/resource').then((m) => m.sendRecordResource)),
  component: SendRecordViewScreen,
})
