import { Button, Flex, IconButton, Text } from '@radix-ui/themes'
import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import {
  get,
  useFieldArray,
  useFormState,
  type ArrayPath,
  type FieldArray as RowValues,
  type FieldValues,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { focusAfter, rowCommand, type RowCommand } from '../../lib/rowKeys'
import type { FormApi } from './useZodForm'
import './fieldArray.css'

interface Props<V extends FieldValues, N extends ArrayPath<V>> {
  form: FormApi<V, any>
  /** The array's name in the form's values (`tiers`, `records`). */
  name: N
  /** The list's visible name (the fieldset's legend). */
  label: string
  /** Values of a row added by the user. */
  newRow: () => RowValues<V, N>
  /** Fewest rows the list keeps (remove is refused below it) and most it takes. */
  min?: number
  max?: number
  readOnly?: boolean
  /**
   * One row's fields. `path` is the row's prefix: `<TextInput name={`${path}.amount`} …/>`,
   * so server errors such as `tiers.2.amount` land under the right row's field.
   */
  children: (row: { index: number; path: `${N}.${number}` }) => ReactNode
}

/**
 * An editable list of rows inside a form (fee tiers, DNS records), on react-hook-form's
 * useFieldArray. Each row has buttons to move it up or down and remove it, and the keyboard
 * of src/lib/rowKeys (Alt+arrows move, Alt+N adds below, Alt+Delete removes) from any of its
 * fields; focus follows the row that moved or lands on its neighbour.
 */
export function FieldArray<V extends FieldValues, N extends ArrayPath<V>>(p: Props<V, N>) {
  const { t } = useTranslation('form')
  const rows = useFieldArray({ control: p.form.control, name: p.name })
  const { errors } = useFormState({ control: p.form.control, name: p.name as never })
  // A rule on the whole list (at least one row, no overlaps) reports on the array or its root.
  const listError = get(errors, p.name) as
    { message?: string; root?: { message?: string } } | undefined
  const error = listError?.root?.message ?? listError?.message
  const listRef = useRef<HTMLDivElement>(null)
  const count = rows.fields.length
  const limits = { count, min: p.min, max: p.max }

  const focusRow = (index: number | null) =>
    // After React has drawn the rows in their new order.
    requestAnimationFrame(() => {
      if (index === null) return
      listRef.current
        ?.querySelector<HTMLElement>(
          `[data-row="${index}"] input, [data-row="${index}"] textarea, [data-row="${index}"] button`,
        )
        ?.focus()
    })

  const run = (cmd: RowCommand) => {
    if (cmd.kind === 'move') rows.move(cmd.from, cmd.to)
    else if (cmd.kind === 'insert') rows.insert(cmd.at, p.newRow())
    else rows.remove(cmd.at)
    const after = count + (cmd.kind === 'insert' ? 1 : cmd.kind === 'remove' ? -1 : 0)
    focusRow(focusAfter(cmd, after))
  }

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLElement>) => {
    if (p.readOnly) return
    const cmd = rowCommand(e, index, limits)
    if (!cmd) return
    e.preventDefault()
    run(cmd)
  }

  return (
    <fieldset className="vcc-field-array" aria-describedby={`${p.form.fieldId(p.name)}-keys`}>
      <legend>
        <Text size="2" weight="medium">
          {p.label}
        </Text>
      </legend>
      <Text id={`${p.form.fieldId(p.name)}-keys`} size="1" color="gray">
        {t('rows.keys')}
      </Text>
      <Flex direction="column" gap="3" ref={listRef} mt="2">
        {count === 0 ? (
          <Text size="2" color="gray">
            {t('rows.empty')}
          </Text>
        ) : null}
        {rows.fields.map((row, index) => {
          const n = index + 1
          return (
            <Flex
              key={row.id}
              role="group"
              aria-label={t('rows.row', { row: n })}
              data-row={index}
              gap="2"
              align="end"
              onKeyDown={onKeyDown(index)}
            >
              <Flex gap="2" flexGrow="1" wrap="wrap">
                {p.children({ index, path: `${p.name}.${index}` as `${N}.${number}` })}
              </Flex>
              {p.readOnly ? null : (
                <Flex gap="1">
                  <IconButton
                    type="button"
                    variant="soft"
                    color="gray"
                    aria-label={t('rows.moveUp', { row: n })}
                    disabled={index === 0}
                    onClick={() => run({ kind: 'move', from: index, to: index - 1 })}
                  >
                    ↑
                  </IconButton>
                  <IconButton
                    type="button"
                    variant="soft"
                    color="gray"
                    aria-label={t('rows.moveDown', { row: n })}
                    disabled={index === count - 1}
                    onClick={() => run({ kind: 'move', from: index, to: index + 1 })}
                  >
                    ↓
                  </IconButton>
                  <IconButton
                    type="button"
                    variant="soft"
                    color="red"
                    aria-label={t('rows.remove', { row: n })}
                    disabled={count <= (p.min ?? 0)}
                    onClick={() => run({ kind: 'remove', at: index })}
                  >
                    ×
                  </IconButton>
                </Flex>
              )}
            </Flex>
          )
        })}
      </Flex>
      {error ? (
        <Text id={p.form.errorId(p.name)} size="1" color="red" data-field-error={p.name}>
          {error}
        </Text>
      ) : null}
      {p.readOnly ? null : (
        <Flex mt="2">
          <Button
            type="button"
            variant="soft"
            disabled={count >= (p.max ?? Infinity)}
            onClick={() => run({ kind: 'insert', at: count })}
          >
            {t('rows.add')}
          </Button>
        </Flex>
      )}
    </fieldset>
  )
}
