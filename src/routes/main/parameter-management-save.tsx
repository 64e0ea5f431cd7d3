import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { ParamFormScreen } from '../../features/param/ParamFormScreen'

export const Route = createFileRoute('/main/parameter-management-save')({
  ...lazyFormRoute(() => import('../../features/param/resource').then((m) => m.paramResource)),
  component: ParamFormScreen,
})
