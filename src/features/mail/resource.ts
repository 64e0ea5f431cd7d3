import { resourceClient } from '../../components/resource/client'
import { emailAccounts } from '../../resources/emailAccounts'
import { sendRecords } from '../../resources/sendRecords'
import { lookUp, type Translate } from '../../lib/codeLabels'
import { TEMPLATE_OF_SENT } from '../../lib/mailEvents'

/** The console half of sender accounts and send records (one query key: a test mail adds a record). */
export const emailAccountResource = resourceClient(emailAccounts, { key: ['mail'] })
export const sendRecordResource = resourceClient(sendRecords, { key: ['mail'] })

/** A send record's `template` (the event that sent it) as words in the reader's language. */
export function sentTemplateLabel(t: Translate, template: string): string {
  const event = TEMPLATE_OF_SENT[template]
  if (event) return lookUp(t, `mailTemplate:events.${event}`)
  return template === 'email-account.test' ? lookUp(t, 'outbox:sendRecord.testMail') : template
}
