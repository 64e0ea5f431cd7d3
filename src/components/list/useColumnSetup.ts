import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { readJson, STORAGE_KEYS, writeJson } from '../../api/storage'
import { toast } from '../feedback/toast'
import { effectiveSetup, fromHiddenIds, type ColumnPref, type DeclaredColumn } from './columnSetup'

const columnKey = (screen: string) => ['column', screen] as const

type LegacyPrefs = Record<string, string[]>

/**
 * The user's column setup of a list screen, kept on the server per user and screen, so it
 * follows the user to another browser and survives signing out. Changes show at once
 * (optimistic) and are saved whole; a failed save says so and shows the server's copy again.
 * A setup the browser kept before (`vcc.columns`, hidden ids only) moves to the server the
 * first time the screen has none there.
 */
export function useColumnSetup(screen: string, declared: DeclaredColumn[]) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const key = columnKey(screen)
  const query = useQuery({
    queryKey: key,
    queryFn: () => call('/column/query', { screen }),
    staleTime: Infinity,
  })
  const saved = query.data?.columns
  const mutation = useMutation({
    // Saves go out one after another in the order made, so the server ends with the last.
    scope: { id: `column:${screen}` },
    mutationFn: (columns: ColumnPref[]) => call('/column/save', { screen, columns }),
    onMutate: async (columns) => {
      // A first load still on its way must not overwrite the change when it lands.
      await qc.cancelQueries({ queryKey: key })
      qc.setQueryData(key, { screen, columns })
    },
    onError: (err) => {
      toast.error(err instanceof Error ? err.message : t('common:failed'))
      void qc.invalidateQueries({ queryKey: key })
    },
  })
  const { mutate } = mutation

  const declaredKey = declared.map((c) => `${c.id}:${c.hideable === false}`).join(',')
  const setup = useMemo(
    () => effectiveSetup(declared, saved ?? []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- declaredKey stands for declared
    [declaredKey, saved],
  )

  useEffect(() => {
    if (!saved || saved.length > 0) return
    const legacy = readJson<LegacyPrefs>(STORAGE_KEYS.columns, {})
    const hidden = legacy[screen]
    if (!hidden) return
    const { [screen]: _moved, ...rest } = legacy
    writeJson(STORAGE_KEYS.columns, rest)
    if (hidden.length > 0) mutate(fromHiddenIds(declared, hidden))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the server's copy is known
  }, [saved, screen])

  /**
   * A change is computed from the latest setup in the cache, not from the one this render saw:
   * two key presses faster than a render (Wider, Wider) make two steps, not one.
   */
  const change = useCallback(
    (next: (current: ColumnPref[]) => ColumnPref[]) => {
      const latest = qc.getQueryData<{ columns: ColumnPref[] }>(key)?.columns ?? []
      mutate(next(effectiveSetup(declared, latest)))
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- declaredKey stands for declared
    [mutate, qc, screen, declaredKey],
  )
  const reset = useCallback(() => mutate([]), [mutate])
  return { setup, change, reset, ready: query.isSuccess }
}

export type ColumnSetupState = ReturnType<typeof useColumnSetup>
