import { createFileRoute } from '@tanstack/react-router'
import { ReviewScreen } from '../../features/accounts/ReviewScreen'
import { idParam } from '../../lib/searchParams'

export const Route = createFileRoute('/main/accounts-transactions-review')({
  validateSearch: idParam('id'),
  component: ReviewScreen,
})
