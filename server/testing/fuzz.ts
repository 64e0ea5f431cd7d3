import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKGROUND_HEADER, LANGUAGE_HEADER } from '../../src/i18n/languages'
import { createServer } from '../server'
import { createTestApi, DEMO, type TestApi } from './harness'
import { sessionFor } from './sessions'

/**
 * Contract-driven fuzzing (issue 7): every POST operation of openapi/admin.json — new routes
 * join by themselves — gets at least 25 malformed bodies derived from its request schema, sent
 * as every kind of caller. It fails on any 5xx, any answer that is not the {code, msg, data}
 * envelope, any stack trace or SQL text in an answer, and any row written (or changed) by a
 * request that was refused as malformed or not permitted.
 */

type Schema = Record<string, any>
const contract = JSON.parse(readFileSync('openapi/admin.json', 'utf8'))

function resolve(s: Schema | undefined): Schema {
  let out = s ?? {}
  while (out.$ref) out = contract.components.schemas[out.$ref.split('/').pop()]
  return out
}

/** The schema's main type, looking through nullable unions. */
function typeOf(raw: Schema): string {
  const s = resolve(raw)
  if (Array.isArray(s.type)) return s.type.find((t: string) => t !== 'null') ?? 'null'
  if (s.type) return s.type
  const branch = (s.anyOf ?? s.oneOf ?? []).map(resolve).find((b: Schema) => b.type !== 'null')
  return branch ? typeOf(branch) : 'object'
}

/** A plausible value, so that a mutation of one field is the only thing wrong. */
function sample(raw: Schema): unknown {
  const s = resolve(raw)
  if (s.enum) return s.enum[0]
  const branch = s.anyOf?.[0] ?? s.oneOf?.[0]
  if (!s.type && branch) return sample(branch)
  switch (typeOf(s)) {
    case 'string':
      return s.format === 'email' ? 'fuzz@example.test' : 'fuzz'
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v as Schema)]),
      )
    default:
      return null
  }
}

const WRONG: Record<string, unknown[]> = {
  string: [12345, true, {}, ['a']],
  integer: ['12', 1.5, true, {}],
  number: ['12', true, []],
  boolean: ['true', 1, []],
  array: ['a', {}, 1],
  object: ['a', [], 1],
}

const OUT_OF_RANGE = [2147483648, -2147483649, Number.MAX_SAFE_INTEGER + 2, 1e308, -1]

/** One malformed request: a JSON value, or raw text with its own content type. */
interface Case {
  name: string
  body?: unknown
  raw?: string | Uint8Array
  contentType?: string | null
}

function casesFor(raw: Schema | undefined): Case[] {
  const s = resolve(raw)
  const base = (sample(s) ?? {}) as Record<string, unknown>
  const props = Object.entries((s.properties ?? {}) as Record<string, Schema>)
  const cases: Case[] = [
    { name: 'null body', body: null },
    { name: 'array body', body: [base] },
    { name: 'string body', body: 'fuzz' },
    { name: 'number body', body: 2147483648 },
    { name: 'empty object', body: {} },
    { name: 'unknown field', body: { ...base, unexpected: 'x', __proto__x: { a: 1 } } },
    { name: 'deep nesting', raw: `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}` },
    { name: 'huge body', raw: JSON.stringify({ ...base, pad: 'x'.repeat(1_100_000) }) },
    { name: 'NUL in a key', body: { ...base, 'a\u0000b': 'x' } },
    { name: 'invalid JSON', raw: '{"a": ' },
    { name: 'invalid JSON: single quotes', raw: "{'a': 1}" },
    {
      name: 'invalid UTF-8',
      raw: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    },
    { name: 'text/plain', raw: JSON.stringify(base), contentType: 'text/plain' },
    { name: 'form encoded', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { name: 'multipart', raw: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
    { name: 'no content type', raw: JSON.stringify(base), contentType: null },
  ]
  for (const [key, prop] of props) {
    const type = typeOf(prop)
    const drop = { ...base }
    delete drop[key]
    cases.push({ name: `${key}: missing`, body: drop })
    cases.push({ name: `${key}: null`, body: { ...base, [key]: null } })
    for (const wrong of WRONG[type] ?? []) {
      cases.push({ name: `${key}: ${JSON.stringify(wrong)}`, body: { ...base, [key]: wrong } })
    }
    if (type === 'string') {
      cases.push({ name: `${key}: huge`, body: { ...base, [key]: 'x'.repeat(100_000) } })
      cases.push({ name: `${key}: NUL`, body: { ...base, [key]: 'a\u0000b' } })
      cases.push({ name: `${key}: lone surrogate`, body: { ...base, [key]: 'a\ud800' } })
      cases.push({ name: `${key}: blank`, body: { ...base, [key]: '   ' } })
    }
    if (type === 'integer' || type === 'number') {
      for (const n of OUT_OF_RANGE)
        cases.push({ name: `${key}: ${n}`, body: { ...base, [key]: n } })
    }
    if (type === 'array') {
      cases.push({ name: `${key}: big ints`, body: { ...base, [key]: [2147483648] } })
      cases.push({ name: `${key}: 10k items`, body: { ...base, [key]: Array(10_000).fill(1) } })
      cases.push({ name: `${key}: NUL items`, body: { ...base, [key]: ['\u0000'] } })
    }
    if (type === 'object') {
      cases.push({
        name: `${key}: unknown inner field`,
        body: { ...base, [key]: { zz: '\ud800' } },
      })
    }
  }
  // Schemas with few fields still get at least 25: more wrong shapes of the whole body.
  const fillers: unknown[] = [true, 0, -1, [[]], { a: { b: { c: null } } }, '\u0000', [null]]
  for (let i = 0; cases.length < 25; i++) {
    cases.push({ name: `filler ${i}`, body: fillers[i % fillers.length] })
  }
  return cases
}

const allOperations = Object.entries(contract.paths as Record<string, Record<string, Schema>>)
  .filter(([, ops]) => ops.post)
  .map(([path, ops]) => ({
    path,
    schema: ops.post.requestBody?.content?.['application/json']?.schema as Schema | undefined,
    // Calls that answer a file on success (exports): their 200 is that file, not the envelope.
    files: Object.keys(ops.post.responses?.['200']?.content ?? {})
      .map((type) => type.split(';')[0].trim())
      .filter((type) => type !== 'application/json'),
  }))

const CALLERS = ['anonymous', ...(Object.keys(DEMO) as (keyof typeof DEMO)[])] as const
type Caller = (typeof CALLERS)[number]

/** Text that must never reach a caller: stack frames, driver and SQL messages. */
const LEAK =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|SyntaxError|TypeError|DrizzleQueryError|\bselect .+ from\b|\binsert into\b|\bupdate \S+ set\b|violates|relation "|column "|syntax error/i

/** Refusals that must change nothing at all (422 and 429 may write their audit row). */
const MUST_NOT_WRITE = new Set([400, 401, 403, 404, 413, 415])

/**
 * Fuzzes every `of`-th operation starting at `shard` (two test files run one half each, in
 * parallel workers).
 */
export function fuzzContract(shard: number, of: number) {
  const operations = allOperations.filter((_, i) => i % of === shard)
  let api: TestApi
  let server: ReturnType<typeof createServer>
  const tokens = new Map<Exclude<Caller, 'anonymous'>, string>()
  let tables: string[] = []

  beforeAll(async () => {
    api = await createTestApi({ TRUST_PROXY: '1' })
    server = createServer(api.deps)
    const rows = (await api.deps.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: { tablename: string }[] }
    tables = rows.rows.map((r) => r.tablename)
  })
  afterAll(() => api.close())

  /**
   * Changes whenever anything is written, except the audit row that records a refusal (a
   * refused call is recorded by design, in a transaction of its own: docs/audit.md). On PGlite
   * (one database, one backend): the next transaction id, which only a writing transaction
   * consumes (reads assign none) — so even a write later rolled back shows — less one per
   * refusal row. On PostgreSQL transaction ids are shared with every other database of the
   * server, so there: the row count and newest row version of every table (an insert, update
   * or delete moves one of them), the audit log's refusal rows left out.
   */
  async function fingerprint(): Promise<string> {
    const refusals = `(select count(*) from audit_log where outcome = 'refused')`
    const versions = (t: string, where = '') =>
      `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from "${t}"${where})`
    const query =
      api.database.kind === 'pglite'
        ? `select (pg_snapshot_xmax(pg_current_snapshot())::text::bigint - ${refusals})::text as f`
        : `select concat_ws(',', ${tables
            .map((t) =>
              t === 'audit_log' ? versions(t, ` where outcome <> 'refused'`) : versions(t),
            )
            .join(', ')}) as f`
    const rows = (await api.deps.db.execute(sql.raw(query))) as unknown as {
      rows: { f: string }[]
    }
    return rows.rows[0].f
  }

  async function tokenOf(caller: Caller, renew = false): Promise<string | null> {
    if (caller === 'anonymous') return null
    const known = tokens.get(caller)
    if (known && !renew) return known
    // Opened directly (no sign-in flow): a fuzz body may end the session (logout).
    const fresh = await sessionFor(api, DEMO[caller][0])
    tokens.set(caller, fresh)
    return fresh
  }

  let serial = 0
  async function send(path: string, c: Case, token: string | null) {
    const headers: Record<string, string> = {
      [BACKGROUND_HEADER]: '1',
      [LANGUAGE_HEADER]: serial % 2 ? 'zh_CN' : 'en_US',
      // Each request from its own address, so per-address limits do not mask other answers.
      'X-Forwarded-For': `10.${(++serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`,
    }
    if (token) headers.Authorization = `Bearer ${token}`
    const contentType = c.contentType === undefined ? 'application/json' : c.contentType
    if (contentType) headers['Content-Type'] = contentType
    const body = c.raw ?? JSON.stringify(c.body)
    const res = await server.request(`/admin${path}`, {
      method: 'POST',
      headers,
      body: body as BodyInit,
    })
    const type = (res.headers.get('Content-Type') ?? '').split(';')[0].trim()
    return { status: res.status, type, text: await res.text() }
  }

  const counts = { operations: operations.length, bodies: 0, requests: 0 }

  describe('contract fuzzing: malformed bodies on every POST operation', () => {
    it('finds the operations in the contract', () => {
      expect(allOperations.length).toBeGreaterThanOrEqual(40)
    })

    for (const op of operations) {
      it(`${op.path}: no 5xx, always the envelope, no leak, nothing written when refused`, async () => {
        const cases = casesFor(op.schema)
        expect(cases.length).toBeGreaterThanOrEqual(25)
        counts.bodies += cases.length
        const problems: string[] = []
        for (const caller of CALLERS) {
          let token = await tokenOf(caller)
          let before: string | null = null
          for (const c of cases) {
            before ??= await fingerprint()
            const res = await send(op.path, c, token)
            counts.requests++
            const where = `${caller} / ${c.name}: ${res.status} ${res.text.slice(0, 160)}`
            if (res.status === 200 && op.files.includes(res.type)) {
              // A valid request to an export: the file it declares, and nothing was written.
              before = null
              continue
            }
            let body: any
            try {
              body = JSON.parse(res.text)
            } catch {
              problems.push(`not JSON: ${where}`)
              continue
            }
            if (res.status >= 500) problems.push(`5xx: ${where}`)
            const isEnvelope =
              body &&
              typeof body === 'object' &&
              Object.keys(body).sort().join() === 'code,data,msg' &&
              Number.isInteger(body.code) &&
              typeof body.msg === 'string'
            if (!isEnvelope) problems.push(`not the envelope: ${where}`)
            if (LEAK.test(res.text)) problems.push(`leaks internals: ${where}`)
            if (MUST_NOT_WRITE.has(res.status)) {
              // The fingerprint after a refusal is the next request's "before".
              const after = await fingerprint()
              if (after !== before) problems.push(`wrote rows while refusing: ${where}`)
              before = after
            } else {
              before = null
            }
            if (token && res.status === 401) {
              token = await tokenOf(caller, true)
              before = null
            }
          }
        }
        expect(problems).toEqual([])
      }, 180_000)
    }

    it('reports its counts', () => {
      console.log(
        `fuzz: ${counts.operations} operations, ${counts.bodies} bodies, ` +
          `${CALLERS.length} callers (${CALLERS.join(', ')}), ${counts.requests} requests`,
      )
      expect(counts.requests).toBe(counts.bodies * CALLERS.length)
    })
  })
}
