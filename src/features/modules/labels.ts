import type { ModuleRow } from '../../resources/modules'

/** A module's or button's name in the reader's language (en_US / zh_CN keys of the menus). */
export const labelIn = (language: ModuleRow['language'], lang: string) =>
  lang.startsWith('zh') ? language.zh_CN : language.en_US

/** Modules in menu order — each parent followed by its entries — with their depth. */
export function treeOrder<M extends Pick<ModuleRow, 'id' | 'parentId' | 'position' | 'seq'>>(
  rows: readonly M[],
): { row: M; depth: number }[] {
  const ids = new Set(rows.map((r) => r.id))
  const children = new Map<number | null, M[]>()
  for (const r of rows) {
    const parent = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null
    children.set(parent, [...(children.get(parent) ?? []), r])
  }
  const out: { row: M; depth: number }[] = []
  const walk = (parent: number | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.position - b.position || a.seq - b.seq || a.id - b.id,
    )
    for (const row of list) {
      out.push({ row, depth })
      walk(row.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}
