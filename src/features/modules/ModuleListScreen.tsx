import { Code } from '@radix-ui/themes'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import type { RowOf } from '../../resources/kit'
import { modules } from '../../resources/moduleAdmin'
import { moduleResource } from './resource'

const route = getRouteApi('/main/module-management')
type Module = RowOf<typeof modules>

/** The name in the reader's language. */
export const nameIn = (r: { nameEn: string; nameZh: string }, lang: string) =>
  lang.startsWith('zh') ? r.nameZh : r.nameEn

/**
 * module-management: every menu entry. Built-in entries are renamed, moved, reordered or hidden
 * (module-management-save), never deleted; added groups can be deleted once empty.
 */
export function ModuleListScreen() {
  const { t, i18n } = useTranslation(['modules', 'common'])
  const lang = i18n.language
  const screen = useResourceList({
    client: moduleResource,
    search: route.useSearch(),
    rowLabel: useCallback((r: Module) => nameIn(r, lang), [lang]),
    refusesDelete: useCallback(
      (r: Module) =>
        r.builtIn ? t('modules:modules.notDeletable', { names: nameIn(r, lang) }) : undefined,
      [t, lang],
    ),
  })
  const columns = useFieldColumns(modules, {
    name: (r) => nameIn(r, lang),
    url: (r) => (r.url ? <Code variant="ghost">{r.url}</Code> : '—'),
    parent: (r) =>
      r.parentEn === null ? '—' : nameIn({ nameEn: r.parentEn, nameZh: r.parentZh ?? '' }, lang),
  })
  return (
    <>
      <ListLayout {...screen.layout} columns={columns} />
      {screen.exportDialog}
    </>
  )
}
