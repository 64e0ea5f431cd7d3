import { Button, Flex } from '@radix-ui/themes'
import { useNavigate, useSearch } from '@tanstack/react-router'
import type { ComponentType, ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import type { MessageKey } from '../../i18n/keys'
import type { AnyResource, RowOf } from '../../resources/kit'
import { toast } from '../feedback/toast'
import { EditRecord, FormPage, FormShell, useZodForm, type FormApi } from '../form'
import { lastListSearch, useFormTab } from '../list'
import { useScreenButtons } from '../permissions/useButtons'
import { ViewOnlyNotice } from '../permissions/ViewOnlyNotice'
import type { resourceClient } from './client'

type Client<R extends AnyResource> = ReturnType<typeof resourceClient<R>>

/**
 * The form route's screen of a resource: reads `?id=`, loads the record (EditRecord) and
 * renders `Form` with it, keyed by the id (a new record: no `record`).
 */
export function resourceFormScreen<R extends AnyResource>(
  client: Client<R>,
  editTitle: MessageKey,
  Form: ComponentType<{ record?: RowOf<R> }>,
) {
  return function ResourceFormScreen() {
    const { id } = useSearch({ strict: false }) as { id?: number }
    return (
      <EditRecord id={id} query={client.detailQuery} titleKey={editTitle}>
        {(record) => <Form key={id ?? 'new'} record={record} />}
      </EditRecord>
    )
  }
}

interface FormOptions<R extends AnyResource, S extends z.ZodType<FieldValues, FieldValues>> {
  client: Client<R>
  /** The record edited; none: a new one. */
  record?: RowOf<R>
  /** The form's values (the definition's save schema without `id`, or a screen's own). */
  schema: S
  initial: z.input<S>
  titles: { add: MessageKey; edit: MessageKey }
  /** The resource's own reason the record is read-only for everyone (built-in rows). */
  locked?: boolean
  /**
   * For a resource with a parent (`{dictId}`): saved with every record, and the list the form
   * returns to shows that parent.
   */
  parent?: Record<string, number>
}

/**
 * Everything a resource's create/edit form shares: the user's add/edit button, the save call
 * (its id from the record), the success toast, closing the form's tab and going back to the
 * list as it was left.
 */
export function useResourceForm<
  R extends AnyResource,
  S extends z.ZodType<FieldValues, FieldValues>,
>(o: FormOptions<R, S>) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { screen, buttons } = o.client.def
  const save = o.client.useSave()
  const perms = useScreenButtons(screen, buttons)
  const allowed = !o.locked && (o.record ? perms.can('edit') : perms.can('add'))
  const titleKey = o.record ? o.titles.edit : o.titles.add
  const closeAfterSave = useFormTab(titleKey, screen)
  const { parent } = o
  const back = () => {
    const last = lastListSearch(screen)
    // The list as it was left, unless it showed another parent's rows.
    const sameParent = Object.entries(parent ?? {}).every(([k, v]) => last[k] === v)
    return navigate({ to: `/main/${screen}`, search: sameParent ? last : parent } as never)
  }
  const id = (o.record as { id?: number } | undefined)?.id
  const form = useZodForm({
    schema: o.schema,
    initial: o.initial,
    submit: async (data) => {
      // The schema is the save body without its id (the definition's, checked against the
      // contract by resourceClient); the id is the record's.
      await (save.mutateAsync as (body: unknown) => Promise<unknown>)({ ...data, ...parent, id })
      toast.success(t(o.record ? 'common:modified' : 'common:added'))
      await closeAfterSave(back)
    },
  })
  return { form, perms, allowed, back, title: t(titleKey) }
}

interface PageProps<V extends FieldValues> {
  /** What `useResourceForm` returned. */
  screen: {
    form: FormApi<V, any>
    perms: { ready: boolean }
    allowed: boolean
    back: () => unknown
    title: string
  }
  /** Shown above the form instead of the view-only notice (a built-in record's notice). */
  notice?: ReactNode
  /** What the record belongs to, shown under the heading (a value's dictionary). */
  context?: ReactNode
  /** Below the form (an existing record's history: ObjectHistory). */
  after?: ReactNode
  children: ReactNode
}

/**
 * The one frame of a form page — a resource's, or a request's (declare, balance update, BIN
 * assignment): heading, view-only (or the screen's) notice, Save and Cancel.
 */
export function ResourceFormPage<V extends FieldValues>({
  screen,
  notice,
  context,
  after,
  children,
}: PageProps<V>) {
  const { t } = useTranslation()
  return (
    <FormPage title={screen.title}>
      <Flex direction="column" gap="4">
        {context}
        {notice ?? (screen.perms.ready && !screen.allowed ? <ViewOnlyNotice /> : null)}
        <FormShell
          form={screen.form}
          label={screen.title}
          readOnly={!screen.allowed}
          guard
          extra={
            <Button type="button" variant="soft" color="gray" onClick={screen.back}>
              {t('common:cancel')}
            </Button>
          }
        >
          {children}
        </FormShell>
        {after}
      </Flex>
    </FormPage>
  )
}
