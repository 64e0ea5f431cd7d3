/**
 * True when a query failed on a unique constraint (SQLSTATE 23505), whichever driver raised it
 * (node-postgres or PGlite) and whether or not Drizzle wrapped it. Services check for duplicates
 * first to answer politely; this catches the concurrent insert that slipped between.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const {
      code,
      constraint: name,
      cause,
    } = e as {
      code?: string
      constraint?: string
      cause?: unknown
    }
    if (code === '23505') return constraint === undefined || name === constraint
    e = cause
  }
  return false
}
