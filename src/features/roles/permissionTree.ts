import { screenByName } from '../../lib/screens'
import type { GrantMenu } from '../../resources/roles'

/**
 * The permission tree of a role, as pure data (tested in permissionTree.test.ts): groups, pages
 * and forms are menus; a page's buttons are its children. Each node is a grant of its own (a
 * page may be granted without any of its buttons: view only), and its box shows the node with
 * everything below it: ticked when all of it is granted, empty when none is, half ticked
 * otherwise (WAI-ARIA `aria-checked="mixed"`).
 */
export type NodeKey = `m${number}` | `b${number}`
export type CheckState = 'checked' | 'unchecked' | 'mixed'

export interface TreeNode {
  key: NodeKey
  label: string
  /** false: the caller cannot grant it (shown, disabled). */
  grantable: boolean
  children: TreeNode[]
  parent: NodeKey | null
  /** Menus a button opens (its forms): granted with it. */
  opens: NodeKey[]
  /**
   * Screens this screen's calls need (src/lib/screens.ts `needs`): granted with it, and a
   * screen goes when one it needs is cleared, so the tree never holds a half grant.
   */
  needs: NodeKey[]
}

export interface Tree {
  roots: TreeNode[]
  byKey: Map<NodeKey, TreeNode>
}

export const menuKey = (id: number): NodeKey => `m${id}`
export const buttonKey = (id: number): NodeKey => `b${id}`

/** Builds the tree from the server's menus (`/role/tree`), children in the server's order. */
export function buildTree(menus: readonly GrantMenu[]): Tree {
  const byKey = new Map<NodeKey, TreeNode>()
  const byName = new Map(menus.map((m) => [m.name, m]))
  for (const m of menus) {
    byKey.set(menuKey(m.id), {
      key: menuKey(m.id),
      label: m.label,
      grantable: m.grantable,
      children: [],
      parent: m.parentId === null ? null : menuKey(m.parentId),
      opens: [],
      needs: (screenByName.get(m.name)?.needs ?? []).flatMap((name) => {
        const needed = byName.get(name)
        return needed ? [menuKey(needed.id)] : []
      }),
    })
  }
  const roots: TreeNode[] = []
  for (const m of menus) {
    const node = byKey.get(menuKey(m.id))!
    const parent = node.parent ? byKey.get(node.parent) : undefined
    if (parent) parent.children.push(node)
    else {
      node.parent = null
      roots.push(node)
    }
    for (const b of m.buttons) {
      // The forms the button opens (the registry's `opens`): granted with it.
      const opens = b.opens.flatMap((name) => {
        const form = byName.get(name)
        return form ? [menuKey(form.id)] : []
      })
      const child: TreeNode = {
        key: buttonKey(b.id),
        label: b.label,
        grantable: b.grantable,
        children: [],
        parent: node.key,
        opens,
        needs: [],
      }
      byKey.set(child.key, child)
      node.children.push(child)
    }
  }
  return { roots, byKey }
}

function* below(node: TreeNode): Generator<TreeNode> {
  for (const c of node.children) {
    yield c
    yield* below(c)
  }
}

/** The node's box: itself and everything below it. */
export function stateOf(tree: Tree, granted: ReadonlySet<NodeKey>, key: NodeKey): CheckState {
  const node = tree.byKey.get(key)!
  const all = [node, ...below(node)]
  const on = all.filter((n) => granted.has(n.key)).length
  return on === 0 ? 'unchecked' : on === all.length ? 'checked' : 'mixed'
}

/** Grants the node's ancestors (a button needs its page, a page its group). */
function addAncestors(tree: Tree, next: Set<NodeKey>, node: TreeNode) {
  for (let p = node.parent; p; p = tree.byKey.get(p)?.parent ?? null) next.add(p)
}

/**
 * Space on a node: a ticked box clears the node and everything below it; an empty or half
 * ticked one grants it, everything below it the caller may grant, its ancestors and the forms
 * its buttons open. A group left with nothing granted below it goes too.
 */
export function toggle(tree: Tree, granted: ReadonlySet<NodeKey>, key: NodeKey): Set<NodeKey> {
  const node = tree.byKey.get(key)!
  const next = new Set(granted)
  if (stateOf(tree, granted, key) === 'checked') {
    clear(tree, next, node)
    return next
  }
  for (const n of [node, ...below(node)]) {
    if (!n.grantable) continue
    next.add(n.key)
    addAncestors(tree, next, n)
    for (const other of [...n.opens, ...n.needs]) {
      next.add(other)
      addAncestors(tree, next, tree.byKey.get(other)!)
    }
  }
  return next
}

/**
 * Clears the node and everything below it, then the screens that need a cleared one (they
 * would open half refused), and a group left with nothing granted below it.
 */
function clear(tree: Tree, next: Set<NodeKey>, node: TreeNode) {
  const cleared = [node, ...below(node)]
  for (const n of cleared) next.delete(n.key)
  const gone = new Set(cleared.map((n) => n.key))
  for (const other of tree.byKey.values()) {
    if (next.has(other.key) && other.needs.some((k) => gone.has(k))) clear(tree, next, other)
  }
  for (let p = node.parent; p; p = tree.byKey.get(p)?.parent ?? null) {
    const parent = tree.byKey.get(p)!
    const isGroup = parent.children.every((c) => c.key.startsWith('m'))
    if (isGroup && ![...below(parent)].some((n) => next.has(n.key))) next.delete(p)
  }
}

/** The visible nodes in order, for the arrow keys: roots and the children of open nodes. */
export function visibleNodes(tree: Tree, open: ReadonlySet<NodeKey>): TreeNode[] {
  const out: TreeNode[] = []
  const walk = (nodes: TreeNode[]) => {
    for (const n of nodes) {
      out.push(n)
      if (open.has(n.key)) walk(n.children)
    }
  }
  walk(tree.roots)
  return out
}

/**
 * Type-ahead (WAI-ARIA tree pattern): the next visible node, after `from`, whose label starts
 * with the characters typed, case-insensitive, going round past the last. While a word is being
 * typed the current node stays in the search, so "c", "ca", "car" keep to "Card list"; the same
 * letter again ("cc") goes on to the next node starting with it.
 */
export function typeAhead(
  visible: readonly TreeNode[],
  from: number,
  typed: string,
): NodeKey | undefined {
  const text = typed.toLocaleLowerCase()
  const repeated = [...text].every((c) => c === text[0])
  const query = repeated ? text[0] : text
  // A new letter searches from the next node; a word being typed, from the current one.
  const start = repeated ? from + 1 : from
  for (let i = 0; i < visible.length; i++) {
    const node = visible[(start + i) % visible.length]
    if (node.label.toLocaleLowerCase().startsWith(query)) return node.key
  }
  return undefined
}

/** The save body's ids from the granted keys. */
export function idsOf(granted: ReadonlySet<NodeKey>) {
  const menuIds: number[] = []
  const buttonIds: number[] = []
  for (const k of granted) (k.startsWith('m') ? menuIds : buttonIds).push(Number(k.slice(1)))
  return { menuIds: menuIds.sort((a, b) => a - b), buttonIds: buttonIds.sort((a, b) => a - b) }
}

/** The granted keys from a role's ids. */
export function keysOf(ids: { menuIds: number[]; buttonIds: number[] }): Set<NodeKey> {
  return new Set([...ids.menuIds.map(menuKey), ...ids.buttonIds.map(buttonKey)])
}
