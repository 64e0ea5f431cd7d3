import { readUser } from '../../api/storage'
import { formatDateTime } from '../../lib/dateTime'

/** A UTC timestamp shown in the signed-in user's timezone (DESIGN §4). */
export function DateTimeText({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso, { timeZone: readUser()?.timezone })}</time>
}
