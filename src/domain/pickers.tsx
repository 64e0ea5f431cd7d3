import type { FieldValues } from 'react-hook-form'
import { SelectInput } from '../components/form'
import type { FieldProps } from '../components/form/Field'
import type { DomainList } from '../resources/fields'
import { useCompanyOptions } from './companies'
import { useCurrencyOptions } from './currencies'
import { useMerchantOptions } from './merchants'

type Option = { value: string; label: string }

/**
 * The options of the domain's lists a form uses, each fetched only when asked for (one query
 * per list for the whole console: src/domain/queryKeys.ts). Hooks in a fixed order, so a form
 * can ask for any of them.
 */
export function useDomainOptions(lists: readonly DomainList[]): Record<DomainList, Option[]> {
  return {
    company: useCompanyOptions(lists.includes('company')),
    merchant: useMerchantOptions(lists.includes('merchant')),
    currency: useCurrencyOptions(undefined, lists.includes('currency')),
  }
}

interface PickerProps<V extends FieldValues> extends FieldProps<V> {
  disabled?: boolean
  placeholder?: string
  emptyReason?: string
}

/**
 * @public A company the caller reaches, from the company tree (indented by depth); the id as
 * text. For the company and merchant wizards to come; the filters and the access form use the
 * same list (useCompanyOptions).
 */
export function CompanyPicker<V extends FieldValues>(p: PickerProps<V>) {
  return <SelectInput {...p} options={useCompanyOptions()} />
}

/** A merchant the caller reaches (a merchant user: its own); the id as text. */
export function MerchantPicker<V extends FieldValues>(p: PickerProps<V>) {
  return <SelectInput {...p} options={useMerchantOptions()} />
}

/** An ISO 4217 currency named in the user's language; `only` keeps those the screen offers. */
export function CurrencyPicker<V extends FieldValues>(
  p: PickerProps<V> & { only?: readonly string[] },
) {
  const { only, ...rest } = p
  return <SelectInput {...rest} options={useCurrencyOptions(only)} />
}
