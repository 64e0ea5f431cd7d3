import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { ReviewScreen } from '../../features/accounts/ReviewScreen'

export const Route = createFileRoute('/main/accounts-transactions-review')({
  validateSearch: z.object({ id: z.number().int().positive().optional().catch(undefined) }),
  component: ReviewScreen,
})
