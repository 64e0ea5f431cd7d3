import type { TFunction } from 'i18next'
import type { MessageKey } from '../../i18n/keys'

/**
 * The kit's delete confirmation of a resource's records, from its messages:
 * `<messages>.deleteTitle`, and `<messages>.deleteConfirm` with the count and the records'
 * names. One wording for the list's Delete and the detail screen's.
 */
export function deleteConfirmOf<Row>(t: TFunction, messages: string, rowLabel: (r: Row) => string) {
  return {
    title: t(`${messages}.deleteTitle` as MessageKey),
    description: (rows: Row[]) =>
      t(`${messages}.deleteConfirm` as MessageKey, {
        count: rows.length,
        names: rows.map(rowLabel).join(', '),
      }),
  }
}
