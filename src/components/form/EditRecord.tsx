import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageKey } from '../../i18n/keys'
import { ErrorNotice } from '../feedback/ErrorNotice'
import { useTabTitle } from '../list'
import { FormPage } from './FormPage'

interface Props<T, K extends QueryKey> {
  /** The record to edit; none: a new one. */
  id?: number
  query: (id: number) => UseQueryOptions<T, Error, T, K>
  /** Heading (and tab title) shown with an error instead of the form. */
  titleKey: MessageKey
  /** A reason the form cannot open at all (e.g. a missing parent), shown like a load error. */
  error?: Error | null
  /** The form, keyed by the caller; `record` is undefined for a new one. */
  children: (record: T | undefined) => ReactNode
}

/**
 * The create/edit pattern's loader: with an id, the form opens once its record is loaded (so
 * its initial values are the record's); a failed load or a precondition shows the error in the
 * form's frame instead.
 */
export function EditRecord<T, K extends QueryKey>({
  id,
  query,
  titleKey,
  error,
  children,
}: Props<T, K>) {
  const detail = useQuery({ ...query(id ?? 0), enabled: !!id })
  const problem = error ?? (id ? detail.error : null)
  if (problem) {
    return <RecordProblem titleKey={titleKey} error={problem} />
  }
  if (id && !detail.data) return null
  return <>{children(id ? detail.data : undefined)}</>
}

/** The form's frame with the reason it cannot open; its tab says the same heading. */
function RecordProblem({ titleKey, error }: { titleKey: MessageKey; error: Error }) {
  const { t } = useTranslation()
  useTabTitle(titleKey)
  return (
    <FormPage title={t(titleKey)}>
      <ErrorNotice error={error} />
    </FormPage>
  )
}
