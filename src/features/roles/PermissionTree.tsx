import { Text } from '@radix-ui/themes'
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  stateOf,
  toggle,
  typeAhead,
  visibleNodes,
  type CheckState,
  type NodeKey,
  type Tree,
  type TreeNode,
} from './permissionTree'
import './permissionTree.css'

interface Props {
  tree: Tree
  granted: ReadonlySet<NodeKey>
  onChange: (next: Set<NodeKey>) => void
  /** The tree's DOM id (the form focuses it when a refusal names it). */
  id: string
  label: string
  describedBy?: string
  invalid?: boolean
  readOnly?: boolean
}

const MARK: Record<CheckState, string> = { checked: '✓', mixed: '–', unchecked: '' }

/** Keys typed within this long of each other make one word for the type-ahead. */
const TYPE_AHEAD_MS = 1000

/**
 * A tri-state checkbox tree (WAI-ARIA tree pattern): one tab stop, ↑/↓ move, → opens a menu or
 * goes to its first item, ← closes it or goes to its parent, Home/End, Space ticks or clears,
 * and letters typed go to the next item whose label starts with them (type-ahead).
 * Each item is named by what it reads (`aria-labelledby`): its label, then the screens it needs
 * when it needs some, so a menu and a button are addressed by their text.
 */
export function PermissionTree(p: Props) {
  const { t } = useTranslation('roles')
  const [open, setOpen] = useState<Set<NodeKey>>(() => new Set(p.tree.roots.map((n) => n.key)))
  const [active, setActive] = useState<NodeKey | undefined>(p.tree.roots[0]?.key)
  const items = useRef(new Map<NodeKey, HTMLLIElement>())
  const typed = useRef({ text: '', at: -Infinity })
  const visible = useMemo(() => visibleNodes(p.tree, open), [p.tree, open])

  const focus = (key: NodeKey) => {
    setActive(key)
    items.current.get(key)?.focus()
  }
  const setOpenTo = (key: NodeKey, value: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (value) next.add(key)
      else next.delete(key)
      return next
    })

  const onKeyDown = (e: KeyboardEvent, node: TreeNode) => {
    const at = visible.findIndex((n) => n.key === node.key)
    const hasChildren = node.children.length > 0
    const handled = () => {
      e.preventDefault()
      e.stopPropagation()
    }
    switch (e.key) {
      case 'ArrowDown':
        handled()
        if (visible[at + 1]) focus(visible[at + 1].key)
        break
      case 'ArrowUp':
        handled()
        if (at > 0) focus(visible[at - 1].key)
        break
      case 'Home':
        handled()
        focus(visible[0].key)
        break
      case 'End':
        handled()
        focus(visible[visible.length - 1].key)
        break
      case 'ArrowRight':
        handled()
        if (!hasChildren) break
        if (!open.has(node.key)) setOpenTo(node.key, true)
        else focus(node.children[0].key)
        break
      case 'ArrowLeft':
        handled()
        if (hasChildren && open.has(node.key)) setOpenTo(node.key, false)
        else if (node.parent) focus(node.parent)
        break
      case ' ':
        handled()
        if (!p.readOnly && node.grantable) p.onChange(toggle(p.tree, p.granted, node.key))
        break
      default: {
        // A printable character, not a shortcut: the type-ahead.
        if ([...e.key].length !== 1 || e.ctrlKey || e.metaKey || e.altKey) break
        handled()
        const last = typed.current
        const text = e.timeStamp - last.at < TYPE_AHEAD_MS ? last.text + e.key : e.key
        typed.current = { text, at: e.timeStamp }
        const next = typeAhead(visible, at, text)
        if (next) focus(next)
      }
    }
  }

  const renderNode = (node: TreeNode, level: number, index: number, siblings: number) => {
    const state = stateOf(p.tree, p.granted, node.key)
    const hasChildren = node.children.length > 0
    const expanded = open.has(node.key)
    const labelId = `${p.id}-${node.key}`
    // Why ticking this screen ticks others: it shows their data (src/lib/screens.ts `needs`).
    const needs = node.needs.map((k) => p.tree.byKey.get(k)!.label)
    const needsId = needs.length ? `${labelId}-needs` : undefined
    const disabled = p.readOnly || !node.grantable
    return (
      <li
        key={node.key}
        role="treeitem"
        ref={(el) => {
          if (el) items.current.set(node.key, el)
          else items.current.delete(node.key)
        }}
        // The needs hint is part of the item's visible text, so it is part of its name too
        // (WCAG 2.5.3, label in name): the label first, what it is said by.
        aria-labelledby={needsId ? `${labelId} ${needsId}` : labelId}
        aria-checked={state === 'mixed' ? 'mixed' : state === 'checked'}
        aria-expanded={hasChildren ? expanded : undefined}
        aria-level={level}
        aria-setsize={siblings}
        aria-posinset={index + 1}
        aria-disabled={disabled || undefined}
        tabIndex={node.key === active ? 0 : -1}
        data-state={state}
        className="permission-tree-item"
        onKeyDown={(e) => onKeyDown(e, node)}
        onFocus={(e) => {
          if (e.target === e.currentTarget) setActive(node.key)
        }}
        onClick={(e) => {
          e.stopPropagation()
          focus(node.key)
          if (!disabled) p.onChange(toggle(p.tree, p.granted, node.key))
        }}
      >
        <div
          className="permission-tree-row"
          style={{ paddingInlineStart: `${(level - 1) * 20}px` }}
        >
          <span
            aria-hidden
            className="permission-tree-twisty"
            onClick={(e) => {
              e.stopPropagation()
              if (hasChildren) setOpenTo(node.key, !expanded)
            }}
          >
            {hasChildren ? (expanded ? '▾' : '▸') : ''}
          </span>
          <span aria-hidden className="permission-tree-box" data-state={state}>
            {MARK[state]}
          </span>
          <Text id={labelId} size="2" color={disabled ? 'gray' : undefined}>
            {node.label}
          </Text>
          {needsId ? (
            <Text id={needsId} size="1" color="gray" data-testid="permission-needs">
              {t('needsHint', { names: needs.join(', ') })}
            </Text>
          ) : null}
        </div>
        {hasChildren && expanded ? (
          <ul role="group" className="permission-tree-group">
            {node.children.map((c, i) => renderNode(c, level + 1, i, node.children.length))}
          </ul>
        ) : null}
      </li>
    )
  }

  return (
    <ul
      role="tree"
      id={p.id}
      aria-label={p.label}
      aria-describedby={p.describedBy}
      aria-invalid={p.invalid || undefined}
      aria-readonly={p.readOnly || undefined}
      className="permission-tree"
      data-testid="permission-tree"
      // Focused by the form when a refusal names it: the focus goes on to the current item.
      tabIndex={-1}
      onFocus={(e) => {
        if (e.target === e.currentTarget && active) items.current.get(active)?.focus()
      }}
    >
      {p.tree.roots.map((n, i) => renderNode(n, 1, i, p.tree.roots.length))}
    </ul>
  )
}
