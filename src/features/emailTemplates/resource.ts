import { resourceClient } from '../../components/resource/client'
import { emailTemplates } from '../../resources/emailTemplates'

/** The console half of e-mail templates: search schemas, queries and the list, from the definition. */
export const emailTemplateResource = resourceClient(emailTemplates)
