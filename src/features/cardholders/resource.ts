import { resourceClient } from '../../components/resource/client'
import { merchantsQuery } from '../../domain/merchants'
import { cardholders } from '../../resources/cardholders'

/** The console half of cardholders: search schemas, queries and writes, from the definition. */
export const cardholderResource = resourceClient(cardholders)

/** The merchants the user reaches: the form's merchant choices. */
export const merchantChoicesQuery = merchantsQuery

export const fullName = (h: { firstName: string; middleName: string; lastName: string }) =>
  [h.firstName, h.middleName, h.lastName].filter(Boolean).join(' ')
