import { createFileRoute } from '@tanstack/react-router'
import { NotFoundInShell } from '../../shell/errors/ErrorPage'
import { ShellError } from '../../shell/errors/ShellError'
import { guardMain } from '../../shell/guard'
import { ShellLayout } from '../../shell/layout/ShellLayout'

/** The /main shell and its guards (spec §2); see src/shell/guard.ts. */
export const Route = createFileRoute('/main')({
  beforeLoad: ({ location, context }) => guardMain({ location, queryClient: context.queryClient }),
  component: ShellLayout,
  notFoundComponent: NotFoundInShell,
  errorComponent: ShellError,
})
