import { createFileRoute } from '@tanstack/react-router'
import { profileQuery } from '../../api/profile'
import { SettingsProfileScreen } from '../../features/settings/SettingsProfileScreen'

export const Route = createFileRoute('/main/settings-profile')({
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQuery()).catch(() => null),
  component: SettingsProfileScreen,
})
