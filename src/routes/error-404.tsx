import { createFileRoute } from '@tanstack/react-router'
import { PublicErrorPage } from '../shell/errors/ErrorPage'
import { fromSearch } from '../shell/errors/fromSearch'

/** Spec §8 error page 404. */
export const Route = createFileRoute('/error-404')({
  staticData: { title: 'shell:error404.title' },
  validateSearch: fromSearch,
  component: function Error404() {
    const { from } = Route.useSearch()
    return <PublicErrorPage kind="404" from={from} />
  },
})
