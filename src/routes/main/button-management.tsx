import { createFileRoute } from '@tanstack/react-router'
import { ButtonListScreen } from '../../features/modules/ButtonListScreen'

/** /main/button-management: every screen's buttons and the forms they open. */
export const Route = createFileRoute('/main/button-management')({
  component: ButtonListScreen,
})
