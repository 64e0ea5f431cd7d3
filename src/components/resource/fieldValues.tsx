import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useRef, type ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import type { MessageKey } from '../../i18n/keys'
import { fieldsIn, labelKey, type FieldSpec } from '../../resources/fields'
import type { AnyResource, RowOf } from '../../resources/kit'
import { DateTimeText } from '../format/DateTimeText'
import { Money } from '../format/Money'
import { YesNo } from '../format/YesNo'
import type { Column } from '../list'

/** How a screen draws a field differently from its widget (a full name, a badge). */
export type Display<Row> = Partial<Record<string, (row: Row, t: TFunction) => ReactNode>>

/** Labels of the values of the dictionaries the fields name, in the user's language. */
function useDictLabels(specs: FieldSpec[]) {
  const { i18n } = useTranslation()
  const dicts = [...new Set(specs.flatMap((f) => (f.widget === 'enum' ? [f.dict] : [])))]
  const { data } = useQuery({
    queryKey: ['dict-desc', i18n.language, ...dicts],
    queryFn: () => call('/common/queryDesc', { codes: dicts }),
    staleTime: 300_000,
    enabled: dicts.length > 0,
  })
  return data
}

/** Draws one field's value by its widget: the screen's own drawing when it gives one. */
function useRenderField<Row>(def: AnyResource, display: Display<Row>, names: string[]) {
  const { t } = useTranslation()
  const dicts = useDictLabels(names.map((n) => def.fields[n]))
  // The screen's drawings are read at render time: an inline object does not redraw the table.
  const own = useRef(display)
  own.current = display
  return useCallback(
    (name: string, row: Row): ReactNode => draw(name, row, own.current[name]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- draw closes over t, dicts and def
    [t, dicts, def],
  )
  function draw(name: string, row: Row, mine?: (row: Row, t: TFunction) => ReactNode): ReactNode {
    if (mine) return mine(row, t)
    const value = (row as Record<string, unknown>)[name]
    const f = def.fields[name]
    if (value === null || value === undefined || value === '') return '—'
    switch (f.widget) {
      case 'flag':
        return <YesNo value={!!value} />
      case 'datetime':
        return <DateTimeText iso={String(value)} />
      case 'money':
        return (
          <Money
            minor={Number(value)}
            currency={String((row as Record<string, unknown>)[f.currency])}
          />
        )
      case 'enum':
        return dicts?.[f.dict]?.[String(value)] ?? String(value)
      case 'code':
        return t(`${f.messages}.${String(value)}` as MessageKey, { defaultValue: String(value) })
      default:
        return String(value)
    }
  }
}

/** What a list says about its columns beyond the fields: widths, the column that identifies a row. */
export interface ColumnOptions {
  /** Default widths in pixels (a datetime's is 180). */
  width?: Partial<Record<string, number>>
  /** The column column setup cannot hide (the row's name); the first one when not given. */
  fixed?: string
}

/**
 * A resource list's columns from its fields present in `list`: labelled by the convention,
 * sortable where the definition sorts by them, the identifying one (the first) always shown.
 */
export function useFieldColumns<R extends AnyResource>(
  def: R,
  display: Display<RowOf<R>> = {},
  sortBy: Partial<Record<string, R['sortable'][number]>> = {},
  options: ColumnOptions = {},
): Column<RowOf<R>>[] {
  const { t } = useTranslation()
  const names = fieldsIn(def.fields, 'list')
  const render = useRenderField(def, display, names)
  const fixed = options.fixed ?? names[0]
  return useMemo(
    () =>
      names.map((name) => ({
        id: name,
        label: t(labelKey(def.messages, name)),
        render: (row: RowOf<R>) => render(name, row),
        sortField:
          sortBy[name] ?? ((def.sortable as readonly string[]).includes(name) ? name : undefined),
        hideable: name !== fixed,
        width: options.width?.[name] ?? (def.fields[name].widget === 'datetime' ? 180 : undefined),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortBy and options are constants of the screen
    [t, def, render],
  )
}

/** A detail screen's row: the field's label, its value and its name. */
export type ViewRow = [label: string, value: ReactNode, name: string]

/** The label and value of each field present in `view`, for a detail screen. */
export function useViewRows<R extends AnyResource>(
  def: R,
  row: RowOf<R>,
  display: Display<RowOf<R>> = {},
): ViewRow[] {
  const { t } = useTranslation()
  const names = fieldsIn(def.fields, 'view')
  const render = useRenderField(def, display, names)
  return names.map((name) => [t(labelKey(def.messages, name)), render(name, row), name])
}
