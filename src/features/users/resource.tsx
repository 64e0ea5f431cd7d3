import { Badge } from '@radix-ui/themes'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import type { Display } from '../../components/resource/fieldValues'
import type { RowOf } from '../../resources/kit'
import { users, type UserStatus } from '../../resources/users'

/** The console half of administrators: search schemas, queries, from the definition. */
export const userResource = resourceClient(users)

export type UserRecord = RowOf<typeof users>

/** The roles this user may grant, with the pages each permits (the form's role and landing page). */
export const roleOptionsQuery = () =>
  queryOptions({ queryKey: ['/user', 'roleOptions'], queryFn: () => call('/user/roleOptions') })

const STATUS_COLORS: Record<UserStatus, 'gray' | 'green' | 'red'> = {
  pending: 'gray',
  active: 'green',
  locked: 'red',
}

/** What the list and the view draw: the status as a badge, the phone with its area code. */
export const userDisplay: Display<UserRecord> = {
  status: (r, t) => (
    <Badge color={STATUS_COLORS[r.status]} variant="soft" highContrast>
      {t(`users:user.statusValue.${r.status}`)}
    </Badge>
  ),
  mobile: (r) => (r.mobile ? `${r.areaCode ? `+${r.areaCode} ` : ''}${r.mobile}` : null),
}
