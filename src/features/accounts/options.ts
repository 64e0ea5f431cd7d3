import type { Option } from '../../components/form'

export { useMerchantOptions } from '../../domain/merchants'

/** The currencies the screens offer: those with receiving bank accounts or balances. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'SGD', 'THB', 'CNY', 'VND'] as const
export const currencyOptions: Option[] = CURRENCIES.map((c) => ({ value: c, label: c }))
