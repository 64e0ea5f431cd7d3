import { z } from 'zod'
import { id as idSchema, TEXT_MAX } from '../lib/validators'

/**
 * The filter kinds a list offers (DESIGN §5). Each kind says, once, how its value travels on
 * the wire (`wire`: what the server validates and the contract shows) and in the URL (`search`:
 * lenient — a hand-edited value that does not parse is "no filter", never an error page). The
 * server turns a kind into SQL (server/resources/where.ts); the console picks the control.
 */
export type FilterKind =
  'text' | 'exact' | 'flag' | 'enum' | 'dateRange' | 'amountRange' | 'company' | 'merchant'

/** Optional in the URL, and never failing: what does not parse is absent. */
export type SearchSchema<W extends z.ZodType> = z.ZodCatch<
  z.ZodOptional<z.ZodType<z.output<W> | undefined>>
>

export interface FilterSpec<K extends FilterKind = FilterKind, W extends z.ZodType = z.ZodType> {
  kind: K
  wire: W
  search: SearchSchema<W>
  /** enum: the dictionary (`dict_type` code) whose values are the choices. */
  dict?: string
}

const wireText = () => z.string().trim().max(TEXT_MAX)

/** Text in the URL: a hand-typed `?code=123` arrives as a number (the router JSON-parses). */
const searchText = (): SearchSchema<z.ZodString> =>
  z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().trim().max(TEXT_MAX))
    .transform((v) => v || undefined)
    .optional()
    .catch(undefined)

/** A calendar day, `YYYY-MM-DD`; ranges are whole UTC days, both ends included. */
const day = z.iso.date()
const dateRangeWire = z
  .strictObject({ from: day.optional(), to: day.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, {
    message: 'validation:rangeOrder',
    path: ['to'],
  })
const amount = z.number().min(0).max(1e12)
const amountRangeWire = z
  .strictObject({ min: amount.optional(), max: amount.optional() })
  .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, {
    message: 'validation:rangeOrder',
    path: ['max'],
  })
const id = idSchema()

function spec<K extends FilterKind, W extends z.ZodType>(
  kind: K,
  wire: W,
  extra: { dict?: string; search?: SearchSchema<W> } = {},
): FilterSpec<K, W> {
  return {
    kind,
    wire,
    search: extra.search ?? (wire.optional().catch(undefined) as SearchSchema<W>),
    ...(extra.dict ? { dict: extra.dict } : {}),
  }
}

export const filter = {
  /** Case-insensitive "contains"; `%`, `_` and `\` match themselves. */
  text: () => spec('text', wireText(), { search: searchText() }),
  /** Equal to the text (a code, a type). */
  exact: () => spec('exact', wireText(), { search: searchText() }),
  /** true / false; absent means both. */
  flag: () => spec('flag', z.boolean()),
  /** One value of a dictionary (the console offers the dictionary's values). */
  enumOf: (dict: string) => spec('enum', wireText(), { dict, search: searchText() }),
  /** From / to day, inclusive. */
  dateRange: () => spec('dateRange', dateRangeWire),
  /** Minimum / maximum amount, inclusive, in major units. */
  amountRange: () => spec('amountRange', amountRangeWire),
  /** A company chosen with the company picker (its id). */
  company: () => spec('company', id),
  /** A merchant chosen with the merchant picker (its id). */
  merchant: () => spec('merchant', id),
}

export type Filters = Record<string, FilterSpec>
