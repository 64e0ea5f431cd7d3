import { createFileRoute } from '@tanstack/react-router'
import { ParamListScreen } from '../../features/param/ParamListScreen'
import { paramResource } from '../../features/param/resource'

export const Route = createFileRoute('/main/parameter-management')({
  ...paramResource.listRoute,
  component: ParamListScreen,
})
