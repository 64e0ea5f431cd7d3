import { createFileRoute } from '@tanstack/react-router'
import { SystemInformationScreen } from '../../features/dashboard/SystemInformationScreen'

/** /main/opt-information: the running system, for operators. */
export const Route = createFileRoute('/main/opt-information')({
  component: SystemInformationScreen,
})
