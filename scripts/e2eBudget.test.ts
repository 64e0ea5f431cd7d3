import { describe, expect, it } from 'vitest'
import { checkBudget, countTests } from './e2eBudget'

const budget = (tests: number, files: number, why = 'because') => ({
  tests,
  files,
  why: [{ tests, files, why }],
})

describe('the end-to-end budget', () => {
  it('passes a suite within it', () => {
    expect(checkBudget(budget(176, 39), 176, 39)).toEqual([])
    expect(checkBudget(budget(176, 39), 170, 38)).toEqual([])
  })

  it('fails one more test or one more file than it allows', () => {
    expect(checkBudget(budget(176, 39), 177, 39)).toHaveLength(1)
    expect(checkBudget(budget(176, 39), 176, 40)).toHaveLength(1)
  })

  it('fails a budget raised without saying why', () => {
    const raised = { ...budget(176, 39), tests: 180 }
    expect(checkBudget(raised, 177, 39)).toHaveLength(1)
    expect(checkBudget(budget(180, 39, ' '), 177, 39)).toHaveLength(1)
  })

  it("reads Playwright's own total", () => {
    expect(countTests('  a.spec.ts:1:1 › x\nTotal: 176 tests in 39 files\n')).toEqual({
      tests: 176,
      files: 39,
    })
    expect(() => countTests('Error: no tests')).toThrow()
  })
})
