import { createFileRoute } from '@tanstack/react-router'
import { PublicErrorPage } from '../shell/errors/ErrorPage'
import { fromSearch } from '../shell/errors/fromSearch'

/** Spec §2: /401 also exists outside the main layout; it is the 401 page. */
export const Route = createFileRoute('/401')({
  staticData: { title: 'shell:error401.title' },
  validateSearch: fromSearch,
  component: function Unauthorized() {
    const { from } = Route.useSearch()
    return <PublicErrorPage kind="401" from={from} />
  },
})
