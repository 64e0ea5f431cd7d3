import type { FieldValues } from 'react-hook-form'
import { TextInput } from '../components/form'
import type { FieldProps } from '../components/form/Field'

interface Props<V extends FieldValues> extends FieldProps<V> {
  /** The currency the amount is typed in; named after the label. */
  currency?: string
  autoFocus?: boolean
}

/**
 * The one money input: an amount typed in the currency's major units ("1,234.56"), shown with
 * its currency. Its field's schema is `amountText` / `optionalAmountText` of
 * src/resources/money.ts, whose messages say what is wrong (more than 0, at most N decimals for
 * this currency, at most the maximum) — the same on every form and in the server's answers.
 */
export function MoneyInput<V extends FieldValues>({ currency, ...p }: Props<V>) {
  return (
    <TextInput
      {...p}
      label={currency ? `${p.label} (${currency})` : p.label}
      // Room for the maximum with separators; what is longer is refused with its message.
      maxLength={30}
      autoComplete="off"
    />
  )
}
