import { createFileRoute } from '@tanstack/react-router'
import { SenderSettingsScreen } from '../../features/mail/SenderSettingsScreen'

export const Route = createFileRoute('/main/email-account-save-settinginfo')({
  component: SenderSettingsScreen,
})
