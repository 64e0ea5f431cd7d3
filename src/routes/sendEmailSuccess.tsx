import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { SendEmailSuccessScreen } from '../features/auth/SendEmailSuccessScreen'

export const Route = createFileRoute('/sendEmailSuccess')({
  validateSearch: z.object({ email: z.string().max(100).optional().catch(undefined) }),
  staticData: { title: 'auth:title.sendEmailSuccess' },
  component: SendEmailSuccessScreen,
})
