/** A company in the selection tree; id, pid and childs are the keys the console's tree uses. */
export interface CompanyNode {
  id: number
  pid: number | null
  name: string
  childs: CompanyNode[]
}

/**
 * Nests the rows the caller reaches. A company whose parent is out of reach becomes a root with
 * pid null, so the answer never names a company the caller cannot see. Keeps the rows' order.
 */
export function companyTree(
  rows: readonly { id: number; parentId: number | null; name: string }[],
): CompanyNode[] {
  const nodes = new Map<number, CompanyNode>(
    rows.map((r) => [r.id, { id: r.id, pid: null, name: r.name, childs: [] }]),
  )
  const roots: CompanyNode[] = []
  for (const r of rows) {
    const node = nodes.get(r.id)!
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId)
    if (parent) {
      node.pid = parent.id
      parent.childs.push(node)
    } else roots.push(node)
  }
  return roots
}
