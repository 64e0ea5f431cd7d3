import { createFileRoute } from '@tanstack/react-router'
import { VerifyCodeScreen } from '../features/auth/VerifyCodeScreen'
import { textParam } from '../lib/searchParams'

export const Route = createFileRoute('/vaildatecode')({
  // Where to go after sign-in (spec §2: the guard puts the original full path here).
  validateSearch: textParam('from', 2000),
  staticData: { title: 'auth:title.verifyCode' },
  component: VerifyCodeScreen,
})
