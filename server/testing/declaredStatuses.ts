import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The contract's promise, checked on every call the API tests make: an operation answers only
 * the statuses its entry in `openapi/admin.json` declares. A call that answers anything else
 * fails the test that made it, so the whole API suite keeps the contract complete (a route
 * that can refuse with 404 must list the rule that says so).
 */
interface Operation {
  method: string
  pattern: RegExp
  path: string
  statuses: Set<number>
}

const CONTRACT = fileURLToPath(new URL('../../openapi/admin.json', import.meta.url))

let operations: Operation[] | null = null

function load(): Operation[] {
  const doc = JSON.parse(readFileSync(CONTRACT, 'utf8')) as {
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>
  }
  const out: Operation[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    const pattern = new RegExp(
      '^' + path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+') + '$',
    )
    for (const [method, op] of Object.entries(methods)) {
      const statuses = new Set(Object.keys(op.responses ?? {}).map(Number))
      out.push({ method: method.toUpperCase(), pattern, path, statuses })
    }
  }
  return out
}

/** The operation a request under /admin reaches, or undefined when the contract has none. */
export function operationFor(method: string, adminPath: string): Operation | undefined {
  operations ??= load()
  const path = adminPath.split('?')[0]
  return operations.find((o) => o.method === method.toUpperCase() && o.pattern.test(path))
}

/**
 * Throws when `status` is not among the statuses of the operation `method adminPath` reaches.
 * Paths outside the contract (a test of an unknown route) are not checked: no operation
 * promises anything there.
 */
export function assertDeclaredStatus(method: string, adminPath: string, status: number): void {
  const op = operationFor(method, adminPath)
  if (!op || op.statuses.has(status)) return
  throw new Error(
    `${method.toUpperCase()} /admin${op.path} answered ${status}, which its contract does not ` +
      `declare (declared: ${[...op.statuses].join(', ')}). List the rule that refuses with ` +
      `${status} in the route's \`rules\` and run \`npm run gen\`.`,
  )
}
