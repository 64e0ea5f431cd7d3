import { describe, expect, it } from 'vitest'
import {
  effectiveSetup,
  fromHiddenIds,
  moveColumn,
  setVisible,
  setWidth,
  type DeclaredColumn,
} from './columnSetup'

const declared: DeclaredColumn[] = [
  { id: 'code', hideable: false },
  { id: 'name' },
  { id: 'type' },
  { id: 'createdAt' },
]

describe('effectiveSetup', () => {
  it('is the declared order, all visible, when nothing is saved', () => {
    expect(effectiveSetup(declared, [])).toEqual(declared.map((c) => ({ id: c.id, visible: true })))
  })

  it('keeps the saved order and widths, drops unknown ids, places new columns after their predecessor', () => {
    const saved = [
      { id: 'type', visible: false, width: 90 },
      { id: 'gone', visible: true },
      { id: 'code', visible: true },
    ]
    expect(effectiveSetup(declared, saved)).toEqual([
      { id: 'type', visible: false, width: 90 },
      { id: 'createdAt', visible: true },
      { id: 'code', visible: true },
      { id: 'name', visible: true },
    ])
  })

  it('never hides a column that identifies the row', () => {
    const setup = effectiveSetup(declared, [{ id: 'code', visible: false }])
    expect(setup.find((c) => c.id === 'code')?.visible).toBe(true)
  })
})

describe('changes', () => {
  const setup = effectiveSetup(declared, [])
  it('moves one place and stops at the ends', () => {
    expect(moveColumn(setup, 'name', -1).map((c) => c.id)).toEqual([
      'name',
      'code',
      'type',
      'createdAt',
    ])
    expect(moveColumn(setup, 'code', -1)).toBe(setup)
    expect(moveColumn(setup, 'createdAt', 1)).toBe(setup)
  })

  it('clamps widths to the server limits and forgets them on undefined', () => {
    expect(setWidth(setup, 'name', 5000)[1].width).toBe(1200)
    expect(setWidth(setup, 'name', 10)[1].width).toBe(40)
    expect(setWidth(setWidth(setup, 'name', 200), 'name', undefined)[1]).toEqual({
      id: 'name',
      visible: true,
    })
  })

  it('toggles visibility', () => {
    expect(setVisible(setup, 'type', false)[2]).toEqual({ id: 'type', visible: false })
  })

  it('reads the old hidden-ids setup', () => {
    expect(fromHiddenIds(declared, ['type', 'code'])).toEqual([
      { id: 'code', visible: true },
      { id: 'name', visible: true },
      { id: 'type', visible: false },
      { id: 'createdAt', visible: true },
    ])
  })
})
