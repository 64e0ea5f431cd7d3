import { Button, DataList, Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { MessageKey } from '../../i18n/keys'
import type { AnyResource, RowOf } from '../../resources/kit'
import { EditRecord, FormPage } from '../form'
import { lastListSearch, useFormTab } from '../list'
import { useScreenButtons } from '../permissions/useButtons'
import type { resourceClient } from './client'
import { useViewRows, type Display, type ViewRow } from './fieldValues'

/** Label and value rows, the one way detail screens show a record. */
export function ViewRows({ rows, labelWidth }: { rows: ViewRow[]; labelWidth?: string }) {
  return (
    <DataList.Root>
      {rows.map(([label, value, name]) => (
        <DataList.Item key={name}>
          <DataList.Label minWidth={labelWidth}>{label}</DataList.Label>
          <DataList.Value>{value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}

interface ViewProps<R extends AnyResource> {
  client: ReturnType<typeof resourceClient<R>>
  title: MessageKey
  /** Fields the screen draws itself (a full name, a badge); the rest by their widget. */
  display?: Display<RowOf<R>>
  /** The back button's text (the list's name). */
  back: MessageKey
  /** What the screen shows below the fields (the record's history: ObjectHistory). */
  after?: (record: RowOf<R>) => ReactNode
}

/**
 * The detail screen of a resource (`?id=`): its fields present in `view`, read only, with Edit
 * (when the user has the button) opening the form and Back returning to the list as it was.
 */
export function resourceViewScreen<R extends AnyResource>(o: ViewProps<R>) {
  function View({ record }: { record: RowOf<R> }) {
    const { t } = useTranslation()
    const navigate = useNavigate()
    const def = o.client.def
    const perms = useScreenButtons(def.screen, def.buttons)
    useFormTab(o.title, def.screen)
    const rows = useViewRows(def, record, o.display)
    const go = (to: string, search: object) => navigate({ to, search } as never)
    const id = (record as { id: number }).id
    return (
      <FormPage title={t(o.title)}>
        <Flex direction="column" gap="4">
          <ViewRows rows={rows} />
          <Flex gap="3">
            {perms.can('edit') ? (
              <Button onClick={() => go(`/main/${def.form}`, { id })}>{t('common:edit')}</Button>
            ) : null}
            <Button
              variant="soft"
              color="gray"
              onClick={() => go(`/main/${def.screen}`, lastListSearch(def.screen))}
            >
              {t(o.back)}
            </Button>
          </Flex>
          {o.after?.(record)}
        </Flex>
      </FormPage>
    )
  }
  return function ResourceViewScreen() {
    const { t } = useTranslation()
    const { id } = useSearch({ strict: false }) as { id?: number }
    return (
      <EditRecord
        id={id}
        query={o.client.detailQuery}
        title={t(o.title)}
        error={id ? null : new Error(t('validation:selectRow'))}
      >
        {(record) => <View key={id} record={record!} />}
      </EditRecord>
    )
  }
}
