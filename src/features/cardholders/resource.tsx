import { Badge } from '@radix-ui/themes'
import { resourceClient } from '../../components/resource/client'
import type { Display } from '../../components/resource/fieldValues'
import { cardholders } from '../../resources/cardholders'
import type { RowOf } from '../../resources/kit'

/** The console half of cardholders: search schemas, queries and writes, from the definition. */
export const cardholderResource = resourceClient(cardholders)

export const fullName = (h: { firstName: string; middleName: string; lastName: string }) =>
  [h.firstName, h.middleName, h.lastName].filter(Boolean).join(' ')

/** What the list and the view draw from several fields, or as a badge. */
export const holderDisplay: Display<RowOf<typeof cardholders>> = {
  name: fullName,
  phone: (r) => `+${r.areaCode} ${r.phone}`,
  isDefault: (r, t) =>
    r.isDefault ? (
      <Badge color="green" variant="soft" highContrast>
        {t('cards:holder.default')}
      </Badge>
    ) : null,
}
