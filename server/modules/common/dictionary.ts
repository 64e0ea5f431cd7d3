import { and, asc, eq, inArray } from 'drizzle-orm'
import { DEFAULT_LANGUAGE, type Language } from '../../../src/i18n/languages'
import { resources } from '../../../src/i18n/resources'
import type { Db } from '../../db/client'
import { dictDetails, dicts } from '../../db/schema'

type ValueLabels = Record<string, Record<string, string>>

/**
 * A dictionary value's label in the caller's language. The stored name is the default
 * language's label (administrators edit it); other languages take the translation the
 * product ships in `dict:values.<dict>.<value>` for built-in dictionaries, and fall back to
 * the stored name for values administrators added.
 */
export function valueLabel(lang: Language, dictCode: string, valueCode: string, name: string) {
  if (lang === DEFAULT_LANGUAGE) return name
  const shipped = (resources[lang].dict as { values?: ValueLabels }).values
  return shipped?.[dictCode]?.[valueCode] ?? name
}

export interface DictOption {
  code: string
  name: string
  seq: number
  isDefault: boolean
}

/**
 * Options for selects: the active values of the active dictionaries asked for, by seq. Every
 * code asked for is a key of the answer, an unknown or inactive one with an empty list.
 */
export async function dictOptions(
  db: Db,
  lang: Language,
  codes: string[],
): Promise<Record<string, DictOption[]>> {
  const rows = await db
    .select({ dict: dicts.code, value: dictDetails })
    .from(dictDetails)
    .innerJoin(dicts, eq(dicts.id, dictDetails.dictId))
    .where(and(inArray(dicts.code, codes), eq(dicts.active, true), eq(dictDetails.active, true)))
    .orderBy(asc(dictDetails.seq), asc(dictDetails.id))
  const out: Record<string, DictOption[]> = Object.fromEntries(codes.map((c) => [c, []]))
  for (const { dict, value } of rows) {
    out[dict].push({
      code: value.code,
      name: valueLabel(lang, dict, value.code, value.name),
      seq: value.seq,
      isDefault: value.isDefault,
    })
  }
  return out
}

/**
 * Descriptions to show stored values with: every value of the dictionaries asked for,
 * inactive ones included, because old records still carry them.
 */
export async function dictDescriptions(
  db: Db,
  lang: Language,
  codes: string[],
): Promise<Record<string, Record<string, string>>> {
  const rows = await db
    .select({ dict: dicts.code, code: dictDetails.code, name: dictDetails.name })
    .from(dictDetails)
    .innerJoin(dicts, eq(dicts.id, dictDetails.dictId))
    .where(inArray(dicts.code, codes))
  const out: Record<string, Record<string, string>> = Object.fromEntries(codes.map((c) => [c, {}]))
  for (const r of rows) out[r.dict][r.code] = valueLabel(lang, r.dict, r.code, r.name)
  return out
}
