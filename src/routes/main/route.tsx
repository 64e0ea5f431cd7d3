import { createFileRoute } from '@tanstack/react-router'
import { NotFoundInShell } from '../../shell/errors/ErrorPage'
import { ShellError } from '../../shell/errors/ShellError'
import { ShellLayout } from '../../shell/layout/ShellLayout'

/** The /main shell and its guards (spec §2); see src/shell/guard.ts. */
export const Route = createFileRoute('/main')({
  // The guard, and what it loads, are the signed-in console's: not in the sign-in pages' load.
  beforeLoad: async ({ location, context }) =>
    (await import('../../shell/guard')).guardMain({ location, queryClient: context.queryClient }),
  component: ShellLayout,
  notFoundComponent: NotFoundInShell,
  errorComponent: ShellError,
})
