import { describe, expect, it } from 'vitest'
import { rankGroups } from './rank'

interface Item {
  id: string
  keywords: string[]
  disabled?: boolean
}

const groups = (): { id: string; items: Item[] }[] => [
  {
    id: 'screen',
    items: [
      { id: 'freeze', keywords: ['Freeze', 'card-freeze'] },
      // Not offered on an active card: disabled, but still the best match for "unfreeze".
      { id: 'unfreeze', keywords: ['Unfreeze', 'card-unfreeze'], disabled: true },
      { id: 'topUp', keywords: ['Top up', 'card-topUp'] },
    ],
  },
  {
    id: 'pages',
    items: [
      { id: 'cardholders', keywords: ['Cardholders'] },
      { id: 'cards', keywords: ['Card management'] },
    ],
  },
]

const order = (search: string) =>
  rankGroups(groups(), search, (i) => i.keywords).flatMap((g) => g.items.map((i) => i.id))

describe('palette ranking', () => {
  it('ranks the whole-word match first, disabled or not', () => {
    expect(order('unfreeze')[0]).toBe('unfreeze')
    expect(order('freeze').slice(0, 2)).toEqual(['freeze', 'unfreeze'])
  })

  it('ranks whole words above a longer word that starts the same', () => {
    expect(order('card').indexOf('cards')).toBeLessThan(order('card').indexOf('cardholders'))
  })

  it('hides what does not match and orders groups by their best item', () => {
    expect(order('holders')).toEqual(['cardholders'])
    expect(rankGroups(groups(), 'cardholders', (i) => i.keywords).map((g) => g.id)).toEqual([
      'pages',
    ])
  })

  it('shows everything as declared when nothing is typed', () => {
    expect(order('  ')).toEqual(['freeze', 'unfreeze', 'topUp', 'cardholders', 'cards'])
  })
})
