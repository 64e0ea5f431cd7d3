import { createFileRoute } from '@tanstack/react-router'
import { CardCreateScreen } from '../../features/cards/CardCreateScreen'

export const Route = createFileRoute('/main/cards-balance-create-card')({
  component: CardCreateScreen,
})
