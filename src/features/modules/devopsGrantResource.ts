import { resourceClient } from '../../components/resource/client'
import { devopsGrants } from '../../resources/devopsGrants'
import { MODULES_KEY } from './api'

/** devops-module-management's list: under the feature's key, so a role's save refreshes it. */
export const devopsGrantResource = resourceClient(devopsGrants, { key: [...MODULES_KEY, 'grants'] })
