import { createFileRoute, redirect } from '@tanstack/react-router'

/** Spec §2: the empty path goes to /main/index. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/main/index' as never })
  },
})
