import type { MessageKey } from '../../i18n/keys'

/**
 * The filter bar's fields and the mapping between what its controls show (the draft: strings)
 * and the URL's search values (the list body's filters, see src/resources/filters.ts).
 */
export type FilterField =
  | { name: string; label: string; kind: 'text' | 'flag' | 'dateRange' | 'amountRange' }
  | { name: string; label: string; kind: 'enum'; dict: string }
  | { name: string; label: string; kind: 'company' | 'merchant' }
  /** A fixed list of codes, each shown by its label (the audit log's actions). */
  | { name: string; label: string; kind: 'choice'; options: readonly ChoiceOption[] }

interface ChoiceOption {
  value: string
  label: string
}

/** Each control's text; a range has two (`<name>.from`/`.to`, `<name>.min`/`.max`). */
export type Draft = Record<string, string>

/** The select's "no filter" choice (Radix Select has no empty value). */
export const ALL = 'all'

const ENDS = { dateRange: ['from', 'to'], amountRange: ['min', 'max'] } as const

/** URL value → what the controls show. */
export function toDraft(fields: FilterField[], search: Record<string, unknown>): Draft {
  const draft: Draft = {}
  for (const f of fields) {
    const v = search[f.name]
    if (f.kind === 'dateRange' || f.kind === 'amountRange') {
      const range = (v ?? {}) as Record<string, unknown>
      for (const end of ENDS[f.kind]) {
        draft[`${f.name}.${end}`] = range[end] === undefined ? '' : String(range[end])
      }
    } else if (f.kind === 'text') draft[f.name] = v === undefined ? '' : String(v)
    else draft[f.name] = v === undefined ? ALL : String(v)
  }
  return draft
}

export type DraftResult =
  { ok: true; values: Record<string, unknown> } | { ok: false; errors: Record<string, MessageKey> }

/**
 * What the controls show → URL values (undefined removes the param), or the refusals: an
 * amount that is not a number ≥ 0, a minimum above the maximum (the spec's "minimum exceeds
 * maximum"), a start day after the end day.
 */
export function fromDraft(fields: FilterField[], draft: Draft): DraftResult {
  const values: Record<string, unknown> = {}
  const errors: Record<string, MessageKey> = {}
  for (const f of fields) {
    const v = draft[f.name] ?? ''
    switch (f.kind) {
      case 'text':
        values[f.name] = v.trim() || undefined
        break
      case 'flag':
        values[f.name] = v === ALL ? undefined : v === 'true'
        break
      case 'enum':
      case 'choice':
        values[f.name] = v === ALL ? undefined : v
        break
      case 'company':
      case 'merchant':
        values[f.name] = v === ALL ? undefined : Number(v)
        break
      case 'dateRange': {
        const from = draft[`${f.name}.from`] || undefined
        const to = draft[`${f.name}.to`] || undefined
        if (from && to && from > to) errors[f.name] = 'validation:rangeOrder'
        values[f.name] = from || to ? defined({ from, to }) : undefined
        break
      }
      case 'amountRange': {
        const [min, max] = ENDS.amountRange.map((end) => {
          const text = (draft[`${f.name}.${end}`] ?? '').trim()
          return text === '' ? undefined : Number(text)
        })
        if ([min, max].some((n) => n !== undefined && !(Number.isFinite(n) && n >= 0))) {
          errors[f.name] = 'validation:number'
        } else if (min !== undefined && max !== undefined && min > max) {
          errors[f.name] = 'validation:minExceedsMax'
        }
        values[f.name] = min !== undefined || max !== undefined ? defined({ min, max }) : undefined
        break
      }
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values }
}

/** The range without its open ends (the URL and the body leave them out). */
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
