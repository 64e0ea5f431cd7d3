import { describe, expect, it } from 'vitest'
import { focusAfter, rowCommand } from './rowKeys'

const alt = (key: string) => ({ key, altKey: true })

describe('rowCommand', () => {
  const limits = { count: 3, min: 1, max: 4 }

  it('moves a row up and down, not past either end', () => {
    expect(rowCommand(alt('ArrowUp'), 1, limits)).toEqual({ kind: 'move', from: 1, to: 0 })
    expect(rowCommand(alt('ArrowDown'), 1, limits)).toEqual({ kind: 'move', from: 1, to: 2 })
    expect(rowCommand(alt('ArrowUp'), 0, limits)).toBeNull()
    expect(rowCommand(alt('ArrowDown'), 2, limits)).toBeNull()
  })

  it('adds a row below the current one up to the maximum', () => {
    expect(rowCommand(alt('n'), 0, limits)).toEqual({ kind: 'insert', at: 1 })
    expect(rowCommand(alt('Insert'), 2, limits)).toEqual({ kind: 'insert', at: 3 })
    expect(rowCommand(alt('N'), 0, { ...limits, count: 4 })).toBeNull()
  })

  it('removes a row but keeps the minimum', () => {
    expect(rowCommand(alt('Delete'), 2, limits)).toEqual({ kind: 'remove', at: 2 })
    expect(rowCommand(alt('Backspace'), 0, limits)).toEqual({ kind: 'remove', at: 0 })
    expect(rowCommand(alt('Delete'), 0, { ...limits, count: 1 })).toBeNull()
    expect(rowCommand(alt('Delete'), 0, { count: 1 })).toEqual({ kind: 'remove', at: 0 })
  })

  it('leaves plain typing and other modifiers alone', () => {
    expect(rowCommand({ key: 'ArrowUp', altKey: false }, 1, limits)).toBeNull()
    expect(rowCommand({ key: 'Delete', altKey: false }, 1, limits)).toBeNull()
    expect(rowCommand({ key: 'ArrowUp', altKey: true, ctrlKey: true }, 1, limits)).toBeNull()
    expect(rowCommand({ key: 'n', altKey: true, shiftKey: true }, 1, limits)).toBeNull()
    expect(rowCommand(alt('x'), 1, limits)).toBeNull()
  })
})

describe('focusAfter', () => {
  it('follows a moved row and lands on a new one', () => {
    expect(focusAfter({ kind: 'move', from: 2, to: 1 }, 3)).toBe(1)
    expect(focusAfter({ kind: 'insert', at: 3 }, 4)).toBe(3)
  })

  it('after a removal, takes the next row, or the previous at the end, or none', () => {
    expect(focusAfter({ kind: 'remove', at: 1 }, 2)).toBe(1)
    expect(focusAfter({ kind: 'remove', at: 2 }, 2)).toBe(1)
    expect(focusAfter({ kind: 'remove', at: 0 }, 0)).toBeNull()
  })
})
