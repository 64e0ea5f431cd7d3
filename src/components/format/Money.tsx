import { formatMoney } from '../../lib/money'

/** An amount in minor units, in its currency's format; negatives in red, tabular digits. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  return (
    <span
      style={{
        fontVariantNumeric: 'tabular-nums',
        color: minor < 0 ? 'var(--red-11)' : undefined,
      }}
    >
      {formatMoney(minor, currency)}
    </span>
  )
}
