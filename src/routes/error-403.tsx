import { createFileRoute } from '@tanstack/react-router'
import { PublicErrorPage } from '../shell/errors/ErrorPage'
import { fromSearch } from '../shell/errors/fromSearch'

/** Spec §8 error page 403. */
export const Route = createFileRoute('/error-403')({
  staticData: { title: 'shell:error403.title' },
  validateSearch: fromSearch,
  component: function Error403() {
    const { from } = Route.useSearch()
    return <PublicErrorPage kind="403" from={from} />
  },
})
