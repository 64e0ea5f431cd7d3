import { describe, expect, it } from 'vitest'
import { fieldsIn, labelKey } from './fields'
import { definitions, LANGUAGES, message } from './definitionsUnderTest'

/**
 * One generated test per resource definition (docs/testing.md, "What a new screen may add"):
 * every definition in the registry is checked the same way, so a new resource is covered
 * without a test written for it.
 */
describe('every resource definition', () => {
  it('there are some', () => {
    expect(definitions.length).toBeGreaterThan(10)
  })

  describe.each(definitions.map((d) => [`${d.screen} (${d.name})`, d] as const))('%s', (_, d) => {
    it.each(LANGUAGES)('names each of its fields in %s', (lang) => {
      const missing = Object.keys(d.fields).filter((name) => {
        const text = message(lang, labelKey(d.messages, name))
        return typeof text !== 'string' || !text.trim()
      })
      expect(missing).toEqual([])
    })

    // Issue 26: the roles filter said "Owner" above a column that said "Company".
    it.each(LANGUAGES)('labels a filter on an id as the column that shows it, in %s', (lang) => {
      const pairs = Object.keys(d.filters ?? {})
        .filter((name) => name.endsWith('Id'))
        .map((name) => [name, name.replace(/Id$/, 'Name')] as const)
        .filter(([, column]) => fieldsIn(d.fields, 'list').includes(column))
      const label = (name: string) => message(lang, labelKey(d.messages, name))
      expect(pairs.filter(([filter, column]) => label(filter) !== label(column))).toEqual([])
    })

    it('shows each field somewhere, and its form inputs are fields of its save body', () => {
      expect(Object.entries(d.fields).filter(([, f]) => f.in.length === 0)).toEqual([])
      const saved = Object.keys(d.save.shape)
      expect(fieldsIn(d.fields, 'form').filter((name) => !saved.includes(name))).toEqual([])
    })
  })
})
