import { createFileRoute } from '@tanstack/react-router'
import { ParamFormScreen } from '../../features/param/ParamFormScreen'
import { paramResource } from '../../features/param/resource'

export const Route = createFileRoute('/main/parameter-management-save')({
  ...paramResource.formRoute,
  component: ParamFormScreen,
})
