import { createFileRoute } from '@tanstack/react-router'
import { redirectOnward } from '../../shell/redirectRoute'

export const Route = createFileRoute('/redirect/$')({
  staticData: { title: 'shell:redirecting' },
  beforeLoad: ({ params, search }) => redirectOnward(params._splat, search),
})
