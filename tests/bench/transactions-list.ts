/**
 * `npm run bench` (part of): the accounts-transactions list over 1,000,000 movements on
 * PostgreSQL. A scratch database gets the product's schema and demo data (the server migrates
 * and seeds it), then 50 merchants and 1,000,000 rows of `account_movements` made with one
 * generate_series statement (the list's own table; the ledger behind it is not needed to page
 * it). 8 concurrent clients for 20 s ask for a filtered, sorted page as the screen does; the
 * figures go to bench/transactions-list.json. Goal (issue 8): p99 under 50 ms.
 * A benchmark, not a test: nothing here passes or fails on a figure.
 */
import autocannon from 'autocannon'
import { loadAverage, onScratchProduct, signIn, writeReport } from './harness'

const CONNECTIONS = 8
const DURATION = Number(process.env.BENCH_SECONDS ?? 20)
const ROWS = 1_000_000
const MERCHANTS = 50

await onScratchProduct('vcc_bench_tx', async ({ port, run, connect }) => {

  const started = Date.now()
  await run(`
    insert into merchants (company_id, name, country)
    select (select min(id) from companies), 'Bench merchant ' || i, 'SG'
    from generate_series(1, ${MERCHANTS - 3}) as i`)
  // Spread over a year, 5 types, mostly posted, 3 currencies; amounts ± up to 10,000.00.
  await run(`
    with m as (select array_agg(id order by id) ids, array_agg(company_id order by id) cs from merchants)
    insert into account_movements (merchant_id, company_id, account_id, currency, type, status,
      amount, balance_after, reference, remark, created_at)
    select m.ids[(1 + i % ${MERCHANTS})::int], m.cs[(1 + i % ${MERCHANTS})::int], 1,
      (array['USD','SGD','EUR'])[(1 + i % 3)::int],
      (array['deposit','withdrawal','adjustment','transfer','fx_transfer'])[(1 + (i / 7) % 5)::int],
      case when i % 20 = 0 then 'pending' when i % 53 = 0 then 'rejected' else 'success' end,
      ((i * 7919) % 2000000) - 1000000, (i * 31) % 100000000, 'REF-' || i, '',
      timestamptz '2026-01-01' + ((i * 7907) % 31536000) * interval '1 second'
    from generate_series(1::bigint, ${ROWS}) as i, m`)
  // What autovacuum does to a table after a bulk load: statistics, and the visibility map that
  // lets a count read the index alone (without it every counted row is a heap visit).
  await run('vacuum analyze account_movements')
  const generated = Date.now() - started
  const [{ id: merchantId }] = (
    await run(`select id from merchants where name = 'Bench merchant 7'`)
  ).rows as { id: number }[]

  const token = await signIn(port)

  const CASES = [
    {
      name: 'merchant + type + month, newest first, 20 a page',
      body: {
        pageNum: 1,
        pageSize: 20,
        sort: { field: 'createdAt', order: 'desc' },
        filters: { merchant: merchantId, type: 'deposit', createdAt: { from: '2026-03-01', to: '2026-03-31' } },
      },
      where: `a.merchant_id = ${merchantId} and a.type = 'deposit' and a.created_at >= '2026-03-01' and a.created_at < '2026-04-01'`,
      limit: 'limit 20 offset 0',
    },
    {
      name: 'status pending + currency, newest first, page 3 of 50',
      body: {
        pageNum: 3,
        pageSize: 50,
        sort: { field: 'createdAt', order: 'desc' },
        filters: { status: 'pending', currency: 'USD', createdAt: { from: '2026-06-01', to: '2026-06-30' } },
      },
      where: `a.status = 'pending' and a.currency = 'USD' and a.created_at >= '2026-06-01' and a.created_at < '2026-07-01'`,
      limit: 'limit 50 offset 100',
    },
    {
      name: 'merchant only, newest first (every row of one merchant counted)',
      body: {
        pageNum: 1,
        pageSize: 20,
        sort: { field: 'createdAt', order: 'desc' },
        filters: { merchant: merchantId },
      },
      where: `a.merchant_id = ${merchantId}`,
      limit: 'limit 20 offset 0',
    },
  ]
  /**
   * The same two statements the list runs (count, then the page with its joins), timed in the
   * database alone: 8 clients, 50 rounds each. Separates the query from the HTTP path's cost.
   */
  async function databaseTime(where: string, limit: string) {
    const clients = await Promise.all(
      Array.from({ length: CONNECTIONS }, connect),
    )
    const times: number[] = []
    await Promise.all(
      clients.map(async (cl) => {
        for (let round = 0; round < 50; round++) {
          const t0 = performance.now()
          await cl.query(`select count(*) from account_movements a where ${where}`)
          await cl.query(
            `select a.*, m.name, u.login_name from account_movements a
             left join merchants m on m.id = a.merchant_id
             left join users u on u.id = a.actor_user_id
             where ${where} order by a.created_at desc, a.id desc ${limit}`,
          )
          times.push(performance.now() - t0)
        }
      }),
    )
    await Promise.all(clients.map((cl) => cl.end()))
    times.sort((a, b) => a - b)
    const at = (q: number) => +times[Math.floor(q * (times.length - 1))].toFixed(1)
    return { dbP50Ms: at(0.5), dbP99Ms: at(0.99) }
  }

  const results = []
  for (const c of CASES) {
    const body = JSON.stringify(c.body)
    const probe = await fetch(`http://127.0.0.1:${port}/admin/accounts/transactions/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    })
    const { data } = (await probe.json()) as { data: { total: number } }
    const r = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url: `http://127.0.0.1:${port}/admin/accounts/transactions/list`,
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          connections: CONNECTIONS,
          duration: DURATION,
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      ),
    )
    results.push({
      case: c.name,
      matching: data.total,
      ...(await databaseTime(c.where, c.limit)),
      requestsPerSecond: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    })
  }
  const report = {
    measuredAt: new Date().toISOString(),
    database: 'PostgreSQL',
    rows: ROWS,
    merchants: MERCHANTS,
    generatedInMs: generated,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    goal: 'a filtered, sorted page: p99 < 50 ms at 8 concurrent clients',
    loadAverage: loadAverage(),
    results,
  }
  writeReport('transactions-list', report)
  console.table(results)
})
