import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorNotice } from '../feedback/ErrorNotice'
import { FormPage } from './FormPage'

interface Props<T, K extends QueryKey> {
  /** The record to edit; none: a new one. */
  id?: number
  query: (id: number) => UseQueryOptions<T, Error, T, K>
  /** Heading shown with an error instead of the form. */
  title: string
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
  title,
  error,
  children,
}: Props<T, K>) {
  const detail = useQuery({ ...query(id ?? 0), enabled: !!id })
  const problem = error ?? (id ? detail.error : null)
  if (problem) {
    return (
      <FormPage title={title}>
        <ErrorNotice error={problem} />
      </FormPage>
    )
  }
  if (id && !detail.data) return null
  return <>{children(id ? detail.data : undefined)}</>
}
