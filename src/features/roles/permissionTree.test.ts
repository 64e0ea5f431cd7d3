import { describe, expect, it } from 'vitest'
import type { GrantMenu } from '../../resources/roles'
import {
  buildTree,
  idsOf,
  keysOf,
  stateOf,
  toggle,
  typeAhead,
  visibleNodes,
  type NodeKey,
} from './permissionTree'

const btn = (id: number, code: string, opens: string[] = [], grantable = true) => ({
  id,
  code,
  label: code.split(':')[1],
  grantable,
  opens,
})
const MENUS: GrantMenu[] = [
  { id: 1, name: 'index', parentId: null, label: 'Dashboard', grantable: true, buttons: [] },
  { id: 9, name: 'admin', parentId: null, label: 'System', grantable: true, buttons: [] },
  {
    id: 10,
    name: 'params',
    parentId: 9,
    label: 'Parameters',
    grantable: true,
    buttons: [btn(100, 'params:add', ['params-save']), btn(101, 'params:delete')],
  },
  { id: 11, name: 'params-save', parentId: 9, label: 'Save', grantable: true, buttons: [] },
  {
    id: 12,
    name: 'dicts',
    parentId: 9,
    label: 'Dictionaries',
    grantable: true,
    buttons: [btn(102, 'dicts:add', [], false)],
  },
]
const tree = buildTree(MENUS)
const none = new Set<NodeKey>()

describe('the permission tree', () => {
  it('puts buttons under their page and pages under their group', () => {
    expect(tree.roots.map((n) => n.label)).toEqual(['Dashboard', 'System'])
    expect(tree.byKey.get('m9')!.children.map((n) => n.key)).toEqual(['m10', 'm11', 'm12'])
    expect(tree.byKey.get('m10')!.children.map((n) => n.key)).toEqual(['b100', 'b101'])
  })

  it('ticking a page grants it, its buttons, its group and the forms its buttons open', () => {
    const on = toggle(tree, none, 'm10')
    expect(idsOf(on)).toEqual({ menuIds: [9, 10, 11], buttonIds: [100, 101] })
    expect(stateOf(tree, on, 'm10')).toBe('checked')
    // The group has one page left out: half ticked.
    expect(stateOf(tree, on, 'm9')).toBe('mixed')
  })

  it('ticking one button half ticks its page and its group', () => {
    const on = toggle(tree, none, 'b101')
    expect(idsOf(on)).toEqual({ menuIds: [9, 10], buttonIds: [101] })
    expect(stateOf(tree, on, 'b101')).toBe('checked')
    expect(stateOf(tree, on, 'm10')).toBe('mixed')
    expect(stateOf(tree, on, 'm9')).toBe('mixed')
    expect(stateOf(tree, on, 'm1')).toBe('unchecked')
  })

  it('unticking a ticked parent clears everything below it', () => {
    const on = toggle(tree, toggle(tree, none, 'm10'), 'm10')
    // The form stays granted, so does its group; once nothing is left below it, the group goes.
    expect(idsOf(on)).toEqual({ menuIds: [9, 11], buttonIds: [] })
    const cleared = toggle(tree, on, 'm11')
    expect(idsOf(cleared)).toEqual({ menuIds: [], buttonIds: [] })
  })

  it('unticking the last button leaves its page granted (view only), half of nothing below', () => {
    const on = toggle(tree, keysOf({ menuIds: [9, 10], buttonIds: [100] }), 'b100')
    expect(idsOf(on)).toEqual({ menuIds: [9, 10], buttonIds: [] })
    expect(stateOf(tree, on, 'm10')).toBe('mixed')
  })

  it('a half ticked parent is ticked by Space, except what the caller cannot grant', () => {
    const half = toggle(tree, none, 'b101')
    const on = toggle(tree, half, 'm9')
    expect(idsOf(on)).toEqual({ menuIds: [9, 10, 11, 12], buttonIds: [100, 101] })
    // dicts:add is not grantable: the group stays half ticked.
    expect(stateOf(tree, on, 'm9')).toBe('mixed')
  })

  it('ticks the screens a screen needs with it, and clears a screen whose need is cleared', () => {
    // The real names: the card detail lists the card's transactions (src/lib/screens.ts).
    const cardTree = buildTree([
      {
        id: 30,
        name: 'card-management',
        parentId: null,
        label: 'Cards',
        grantable: true,
        buttons: [],
      },
      {
        id: 31,
        name: 'cards-balance',
        parentId: 30,
        label: 'Card list',
        grantable: true,
        buttons: [],
      },
      {
        id: 32,
        name: 'cards-balance-view-card-detail',
        parentId: 30,
        label: 'Card details',
        grantable: true,
        buttons: [],
      },
      {
        id: 33,
        name: 'cards-transactions',
        parentId: 30,
        label: 'Card transactions',
        grantable: true,
        buttons: [],
      },
    ])
    expect(cardTree.byKey.get('m32')!.needs).toEqual(['m33'])
    const on = toggle(cardTree, toggle(cardTree, none, 'm31'), 'm32')
    expect(idsOf(on)).toEqual({ menuIds: [30, 31, 32, 33], buttonIds: [] })
    const cleared = toggle(cardTree, on, 'm33')
    expect(idsOf(cleared)).toEqual({ menuIds: [30, 31], buttonIds: [] })
  })

  it('lists the visible nodes in order for the arrow keys', () => {
    expect(visibleNodes(tree, new Set()).map((n) => n.key)).toEqual(['m1', 'm9'])
    expect(visibleNodes(tree, new Set<NodeKey>(['m9', 'm10'])).map((n) => n.key)).toEqual([
      'm1',
      'm9',
      'm10',
      'b100',
      'b101',
      'm11',
      'm12',
    ])
  })
})

// Issue 26: 32 arrow presses reached "Card list"; typing its first letters goes there.
describe('type-ahead', () => {
  const tree = buildTree(MENUS)
  const all = new Set<NodeKey>(['m9', 'm10', 'm12'])
  const visible = visibleNodes(tree, all)
  const labels = visible.map((n) => n.label)
  const at = (label: string) => labels.indexOf(label)
  const label = (key: NodeKey | undefined) => visible.find((n) => n.key === key)?.label

  it('goes to the next item whose label starts with the letter, going round', () => {
    // Dashboard, System, Parameters (add, delete), Save, Dictionaries (add).
    expect(label(typeAhead(visible, at('Dashboard'), 'd'))).toBe('delete')
    expect(label(typeAhead(visible, at('delete'), 'd'))).toBe('Dictionaries')
    expect(label(typeAhead(visible, at('Dictionaries'), 'd'))).toBe('Dashboard')
    expect(label(typeAhead(visible, at('Dashboard'), 'S'))).toBe('System')
  })

  it('keeps to the current item while a word is typed, case-insensitive', () => {
    const first = typeAhead(visible, at('Dashboard'), 'p')
    expect(label(first)).toBe('Parameters')
    expect(label(typeAhead(visible, at('Parameters'), 'pa'))).toBe('Parameters')
    expect(label(typeAhead(visible, at('Parameters'), 'PAR'))).toBe('Parameters')
  })

  it('goes on to the next match when the same letter is typed again', () => {
    expect(label(typeAhead(visible, at('System'), 's'))).toBe('Save')
    expect(label(typeAhead(visible, at('Save'), 'ss'))).toBe('System')
  })

  it('finds nothing for a word no visible label starts with', () => {
    expect(typeAhead(visible, 0, 'zebra')).toBeUndefined()
    // A closed menu's items are not visible: not found either.
    expect(typeAhead(visibleNodes(tree, new Set()), 0, 'par')).toBeUndefined()
  })
})
