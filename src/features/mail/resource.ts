import { resourceClient } from '../../components/resource/client'
import { emailAccounts } from '../../resources/emailAccounts'
import { sendRecords } from '../../resources/sendRecords'

/** The console half of sender accounts and send records (one query key: a test mail adds a record). */
export const emailAccountResource = resourceClient(emailAccounts, { key: ['mail'] })
export const sendRecordResource = resourceClient(sendRecords, { key: ['mail'] })
