import { describe, expect, it } from 'vitest'
import { errorPaths, hasPath, placeFieldErrors } from './formPaths'

const values = {
  code: '',
  remark: null,
  owner: { name: 'A', address: { city: '' } },
  tiers: [
    { from: '0', fee: '1' },
    { from: '100', fee: '2' },
  ],
}

describe('hasPath', () => {
  it.each([
    ['code', true],
    ['remark', true],
    ['owner.name', true],
    ['owner.address.city', true],
    ['tiers.1.fee', true],
    ['tiers.1', true],
    ['tiers.2.fee', false],
    ['owner.phone', false],
    ['code.length', false],
    ['nothing', false],
  ])('%s → %s', (path, expected) => expect(hasPath(values, path)).toBe(expected))
})

describe('placeFieldErrors', () => {
  it('puts each server error under the deepest field the form holds', () => {
    const placed = placeFieldErrors(
      [
        { field: 'tiers.1.fee', message: 'Cannot be empty' },
        { field: 'owner.address.city', message: 'Unknown city' },
        { field: 'tiers.7.fee', message: 'Too many' },
        { field: 'owner.phone', message: 'Bad phone' },
        { field: 'code', message: 'Duplicate item exists' },
      ],
      values,
    )
    expect(placed.fields).toEqual([
      { field: 'tiers.1.fee', message: 'Cannot be empty' },
      { field: 'owner.address.city', message: 'Unknown city' },
      // No row 7: the list itself carries the message; no phone field: the owner group does.
      { field: 'tiers', message: 'Too many' },
      { field: 'owner', message: 'Bad phone' },
      { field: 'code', message: 'Duplicate item exists' },
    ])
    expect(placed.other).toEqual([])
  })

  it('keeps the first message of a field and sends unknown names to the alert', () => {
    const placed = placeFieldErrors(
      [
        { field: 'code', message: 'first' },
        { field: 'code', message: 'second' },
        { field: 'secret', message: 'no such field' },
        { field: '', message: 'whole form' },
      ],
      values,
    )
    expect(placed.fields).toEqual([{ field: 'code', message: 'first' }])
    expect(placed.other).toEqual(['no such field', 'whole form'])
  })
})

describe('errorPaths', () => {
  it('lists the fields of an error tree, nested and in rows, skipping refs', () => {
    const el = { tagName: 'INPUT' }
    const tree = {
      code: { type: 'too_small', message: 'Cannot be empty', ref: el },
      owner: { address: { city: { type: 'custom', message: 'x' } } },
      tiers: [undefined, { fee: { type: 'x', message: 'y' } }],
      root: { message: 'form level' },
    }
    expect(errorPaths(tree)).toEqual(['code', 'owner.address.city', 'tiers.1.fee'])
  })

  it('is empty without errors', () => {
    expect(errorPaths({})).toEqual([])
    expect(errorPaths(undefined)).toEqual([])
  })
})
