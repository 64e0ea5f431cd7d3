import { createFileRoute } from '@tanstack/react-router'
import { PublicErrorPage } from '../shell/errors/ErrorPage'
import { decodeRefusal, fromSearch } from '../shell/errors/fromSearch'

/** Spec §8 error page 403, naming its refusal (`?refusal=`; the screens' labels: `menu`). */
export const Route = createFileRoute('/error-403')({
  staticData: { title: 'shell:error403.title', namespaces: ['menu'] },
  validateSearch: fromSearch,
  component: function Error403() {
    const { from, refusal } = Route.useSearch()
    return <PublicErrorPage kind="403" from={from} refusal={decodeRefusal(refusal)} />
  },
})
