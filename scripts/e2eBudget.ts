/**
 * The end-to-end budget (docs/testing.md): fails when the Playwright suite has more tests or
 * files than tests/e2e/budget.json allows, or when the budget was raised without an entry in
 * its `why` list giving the new figures and the reason. The count is Playwright's own
 * (`playwright test --list`), so tests generated in a loop count too.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

interface Budget {
  tests: number
  files: number
  why: { tests: number; files: number; why: string }[]
}

export function checkBudget(budget: Budget, tests: number, files: number): string[] {
  const problems: string[] = []
  const last = budget.why[budget.why.length - 1]
  if (!last || last.tests !== budget.tests || last.files !== budget.files || !last.why.trim())
    problems.push(
      `the budget (${budget.tests} tests, ${budget.files} files) has no last "why" entry with these figures and a reason`,
    )
  if (tests > budget.tests)
    problems.push(
      `${tests} end-to-end tests, the budget is ${budget.tests}: move the new checks to a cheaper tier, or raise the budget with a reason`,
    )
  if (files > budget.files)
    problems.push(`${files} end-to-end files, the budget is ${budget.files}`)
  return problems
}

export function countTests(listing: string): { tests: number; files: number } {
  const total = /Total: (\d+) tests? in (\d+) files?/.exec(listing)
  if (!total) throw new Error(`no total in the listing:\n${listing.slice(-500)}`)
  return { tests: Number(total[1]), files: Number(total[2]) }
}

if (process.argv[1]?.endsWith('e2eBudget.ts')) {
  const budget = JSON.parse(readFileSync('tests/e2e/budget.json', 'utf8')) as Budget
  const listing = execFileSync('npx', ['playwright', 'test', '--list'], { encoding: 'utf8' })
  const { tests, files } = countTests(listing)
  const problems = checkBudget(budget, tests, files)
  console.log(
    `${tests} end-to-end tests in ${files} files (budget ${budget.tests} tests, ${budget.files} files)`,
  )
  for (const p of problems) console.error(`FAILED: ${p}`)
  process.exit(problems.length ? 1 : 0)
}
