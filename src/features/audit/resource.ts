import { resourceClient } from '../../components/resource/client'
import { auditEntries } from '../../resources/audit'

/** The console half of the audit log. */
export const auditResource = resourceClient(auditEntries, { key: ['audit'] })
