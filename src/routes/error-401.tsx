import { createFileRoute } from '@tanstack/react-router'
import { PublicErrorPage } from '../shell/errors/ErrorPage'
import { fromSearch } from '../shell/errors/fromSearch'

/** Spec §8 error page 401. */
export const Route = createFileRoute('/error-401')({
  staticData: { title: 'shell:error401.title' },
  validateSearch: fromSearch,
  component: function Error401() {
    const { from } = Route.useSearch()
    return <PublicErrorPage kind="401" from={from} />
  },
})
