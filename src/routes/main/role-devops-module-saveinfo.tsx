import { createFileRoute } from '@tanstack/react-router'
import { roleSearch } from '../../features/modules/api'
import { RoleDevopsScreen } from '../../features/modules/RoleDevopsScreen'

/** /main/role-devops-module-saveinfo: the devops modules one role (?roleId=) holds. */
export const Route = createFileRoute('/main/role-devops-module-saveinfo')({
  validateSearch: roleSearch,
  component: RoleDevopsScreen,
})
