import { Button, DataList, Flex, Grid, Heading } from '@radix-ui/themes'
import { useState, type ReactNode } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { MessageKey } from '../../i18n/keys'
import type { AnyResource, RowOf } from '../../resources/kit'
import { toast } from '../feedback/toast'
import { EditRecord, FormPage } from '../form'
import { ConfirmDialog, lastListSearch, useFormTab } from '../list'
import { useScreenButtons } from '../permissions/useButtons'
import type { resourceClient } from './client'
import { deleteConfirmOf } from './deleteConfirm'
import { useViewRows, type Display, type ViewRow } from './fieldValues'

/** Label and value rows, the one way detail screens show a record. */
export function ViewRows({ rows, labelWidth }: { rows: ViewRow[]; labelWidth?: string }) {
  return (
    <DataList.Root data-testid="view-fields">
      {rows.map(([label, value, name]) => (
        <DataList.Item key={name}>
          <DataList.Label minWidth={labelWidth}>{label}</DataList.Label>
          <DataList.Value>{value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}

/** What a screen's own parts of the detail get: the record, and the user's buttons of the list. */
type Part<Row> = (record: Row, can: (button: string) => boolean) => ReactNode

/** A titled part below the fields (a sender's DNS records, a change's before and after). */
export interface ViewSection<Row> {
  title: MessageKey
  body: Part<Row>
  /** Whether the record has this part (an entry's reason); always when not given. */
  show?: (record: Row) => boolean
}

/** The sections the record has, each under its heading. */
export function ViewSections<Row>(p: {
  sections: ViewSection<Row>[]
  record: Row
  can: (button: string) => boolean
}) {
  const { t } = useTranslation()
  return p.sections
    .filter((s) => s.show?.(p.record) ?? true)
    .map((s) => (
      <Flex key={s.title} direction="column" gap="2">
        <Heading as="h2" size="3">
          {t(s.title)}
        </Heading>
        {s.body(p.record, p.can)}
      </Flex>
    ))
}

interface ViewProps<R extends AnyResource> {
  client: ReturnType<typeof resourceClient<R>>
  title: MessageKey
  /** Fields the screen draws itself (a full name, a badge); the rest by their widget. */
  display?: Display<RowOf<R>>
  /** The back button's text (the list's name). */
  back: MessageKey
  /** Parts below the fields, each under its heading, in this order. */
  sections?: ViewSection<RowOf<R>>[]
  /** The screen's own buttons, between Edit and Back (resend, check the DNS records). */
  actions?: Part<RowOf<R>>
  /** Beside the fields on a wide screen, below them on a narrow one (a template's preview). */
  beside?: Part<RowOf<R>>
  /** What the screen shows below the buttons (the record's history: ObjectHistory). */
  after?: Part<RowOf<R>>
  /**
   * Names the record in the delete confirmation: with it, Delete (when the user has the
   * button) asks with the kit's confirmation, deletes and returns to the list.
   */
  rowLabel?: (record: RowOf<R>) => string
}

/** The detail screen's Delete: the kit's confirmation, then the list. */
function DeleteRecord<R extends AnyResource>(p: {
  client: ReturnType<typeof resourceClient<R>>
  record: RowOf<R>
  rowLabel: (record: RowOf<R>) => string
  done: () => unknown
}) {
  const { t } = useTranslation()
  const remove = p.client.useRemove()
  const [confirming, setConfirming] = useState(false)
  const confirm = deleteConfirmOf(t, p.client.def.messages, p.rowLabel)
  return (
    <>
      <Button color="red" variant="soft" onClick={() => setConfirming(true)}>
        {t('common:delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={confirm.title}
        description={confirm.description([p.record])}
        confirmLabel={t('common:delete')}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await remove.mutateAsync([(p.record as { id: number }).id])
          toast.success(t('common:deleted'))
          await p.done()
        }}
      />
    </>
  )
}

/**
 * The detail screen of a resource (`?id=`): its fields present in `view`, read only, with Edit
 * (when the user has the button) opening the form, Delete (with `rowLabel`, when the user has
 * the button) and Back returning to the list as it was.
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
    const can = (button: string) => perms.can(button as never)
    const toList = () => go(`/main/${def.screen}`, lastListSearch(def.screen))
    const main = (
      <Flex direction="column" gap="4">
        <ViewRows rows={rows} />
        <ViewSections sections={o.sections ?? []} record={record} can={can} />
        <Flex gap="3" wrap="wrap">
          {can('edit') ? (
            <Button onClick={() => go(`/main/${def.form}`, { id })}>{t('common:edit')}</Button>
          ) : null}
          {o.rowLabel && can('delete') ? (
            <DeleteRecord client={o.client} record={record} rowLabel={o.rowLabel} done={toList} />
          ) : null}
          {o.actions?.(record, can)}
          <Button variant="soft" color="gray" onClick={toList}>
            {t(o.back)}
          </Button>
        </Flex>
        {o.after?.(record, can)}
      </Flex>
    )
    return (
      <FormPage title={t(o.title)}>
        {o.beside ? (
          <Grid columns={{ initial: '1', lg: '2' }} gap="5">
            {main}
            {o.beside(record, can)}
          </Grid>
        ) : (
          main
        )}
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
        titleKey={o.title}
        error={id ? null : new Error(t('validation:selectRow'))}
      >
        {(record) => <View key={id} record={record!} />}
      </EditRecord>
    )
  }
}
