import { createFileRoute } from '@tanstack/react-router'
import { NotFoundInShell } from '../../shell/errors/ErrorPage'
import { ShellError } from '../../shell/errors/ShellError'
import { MainShell } from '../../shell/layout/ShellLayout'

/** The /main shell and its guards (spec §2); see src/shell/guard.ts. */
export const Route = createFileRoute('/main')({
  // The guard, the query client and what the guard loads are the signed-in console's: none of
  // it is in the sign-in pages' first load. The pages below read `context.queryClient`.
  beforeLoad: async ({ location }) => {
    const [{ guardMain }, { queryClient }] = await Promise.all([
      import('../../shell/guard'),
      import('../../queryClient'),
    ])
    return { queryClient, ...(await guardMain({ location, queryClient })) }
  },
  component: MainShell,
  notFoundComponent: NotFoundInShell,
  errorComponent: ShellError,
})
