import { createFileRoute } from '@tanstack/react-router'
import { GroupCreateScreen } from '../../features/cardGroups/GroupCreateScreen'

export const Route = createFileRoute('/main/create-share-card-group')({
  component: GroupCreateScreen,
})
