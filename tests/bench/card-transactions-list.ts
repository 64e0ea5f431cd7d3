/**
 * `npm run bench` (part of): the cards-transactions list over 1,000,000 card transactions on
 * PostgreSQL. A scratch database gets the product's schema and demo data (the server migrates
 * and seeds it, demo cards included), then 1,000,000 rows of `card_transactions` spread over
 * the demo cards, made with one generate_series statement (the list's own table; the ledger
 * behind it is not needed to page it). 8 concurrent clients for 20 s ask for a filtered page
 * (merchant, date range, status, card) as the screen does; the figures go to
 * bench/card-transactions-list.json. Goal (issue 9): p99 under 50 ms.
 * A benchmark, not a test: nothing here passes or fails on a figure.
 */
import autocannon from 'autocannon'
import { loadAverage, onScratchProduct, signIn, writeReport } from './harness'

const CONNECTIONS = 8
const DURATION = Number(process.env.BENCH_SECONDS ?? 20)
const ROWS = 1_000_000

await onScratchProduct('vcc_bench_ctx', async ({ port, run, connect }) => {

  const started = Date.now()
  // Over a year; 9 in 10 cleared, then pending, declined, reversed; a third cross-currency.
  await run(`
    with c as (select array_agg(id order by id) ids, array_agg(merchant_id order by id) ms,
                      array_agg(channel_id order by id) chs, array_agg(currency order by id) cur,
                      count(*)::int n
               from cards where channel_card_ref is not null)
    insert into card_transactions (channel_id, card_id, merchant_id, txn_ref, type, status,
      result, decline_reason, auth_code, merchant_amount, merchant_currency, card_amount,
      card_currency, exchange_rate, cleared_amount, merchant_name, region, description,
      occurred_at)
    select c.chs[1 + i % c.n], c.ids[1 + i % c.n], c.ms[1 + i % c.n], 'bench-' || i,
      case when i % 41 = 0 then 'refund' else 'purchase' end,
      case when i % 10 = 1 then 'pending' when i % 10 = 2 then 'rejected'
           when i % 97 = 3 then 'cancel' else 'success' end,
      case when i % 10 = 2 then 'insufficientFunds' else 'approved' end,
      case when i % 10 = 2 then 'insufficientFunds' end,
      case when i % 10 = 2 then null else lpad((i % 1000000)::text, 6, '0') end,
      100 + (i * 7919) % 500000, case when i % 3 = 0 then 'EUR' else c.cur[1 + i % c.n] end,
      100 + (i * 7919) % 500000, c.cur[1 + i % c.n], case when i % 3 = 0 then '1.0850' else '1' end,
      case when i % 10 in (1, 2) or i % 97 = 3 then 0 else 100 + (i * 7919) % 500000 end,
      'Shop ' || (i % 500), 'SG', '',
      timestamptz '2026-01-01' + ((i * 7907) % 31536000) * interval '1 second'
    from generate_series(1::bigint, ${ROWS}) as i, c`)
  await run('vacuum analyze card_transactions')
  const generated = Date.now() - started
  const [{ card_id: cardId, merchant_id: merchantId }] = (
    await run(`select card_id, merchant_id from card_transactions group by 1, 2 order by count(*) desc limit 1`)
  ).rows as { card_id: number; merchant_id: number }[]

  const [{ last4 }] = (await run(`select last4 from cards where id = ${cardId}`)).rows as {
    last4: string
  }[]
  const token = await signIn(port)
  const PATH = '/admin/card-transactions/list'

  const CASES = [
    {
      name: 'merchant + month + status + card, newest first, 20 a page',
      body: {
        pageNum: 1,
        pageSize: 20,
        sort: { field: 'occurredAt', order: 'desc' },
        filters: {
          merchant: merchantId,
          occurredAt: { from: '2026-03-01', to: '2026-03-31' },
          status: 'success',
          card: String(cardId),
        },
      },
      where: `t.merchant_id = ${merchantId} and t.occurred_at >= '2026-03-01' and t.occurred_at < '2026-04-01' and t.status = 'success' and t.card_id = ${cardId}`,
      limit: 'limit 20 offset 0',
    },
    {
      name: 'merchant + quarter + declined, newest first, page 2 of 50',
      body: {
        pageNum: 2,
        pageSize: 50,
        sort: { field: 'occurredAt', order: 'desc' },
        filters: {
          merchant: merchantId,
          occurredAt: { from: '2026-04-01', to: '2026-06-30' },
          status: 'rejected',
        },
      },
      where: `t.merchant_id = ${merchantId} and t.occurred_at >= '2026-04-01' and t.occurred_at < '2026-07-01' and t.status = 'rejected'`,
      limit: 'limit 50 offset 50',
    },
    {
      name: 'card only (every row of one card counted)',
      body: { pageNum: 1, pageSize: 20, filters: { card: String(cardId) } },
      where: `t.card_id = ${cardId}`,
      limit: 'limit 20 offset 0',
    },
    {
      name: 'merchant + month + card last 4, newest first, 20 a page',
      body: {
        pageNum: 1,
        pageSize: 20,
        sort: { field: 'occurredAt', order: 'desc' },
        filters: {
          merchant: merchantId,
          occurredAt: { from: '2026-03-01', to: '2026-03-31' },
          last4,
        },
      },
      where: `t.merchant_id = ${merchantId} and t.occurred_at >= '2026-03-01' and t.occurred_at < '2026-04-01' and t.card_id in (select id from cards where last4 = '${last4}')`,
      limit: 'limit 20 offset 0',
    },
  ]
  /**
   * The list's two statements (count, then the page with its joins), timed in the database
   * alone: 8 clients, 50 rounds each. Separates the queries from the HTTP path's cost.
   */
  async function databaseTime(where: string, limit: string) {
    const clients = await Promise.all(Array.from({ length: CONNECTIONS }, connect))
    const times: number[] = []
    await Promise.all(
      clients.map(async (cl) => {
        for (let round = 0; round < 50; round++) {
          const t0 = performance.now()
          await cl.query(`select count(*) from card_transactions t where ${where}`)
          await cl.query(
            `select t.*, m.name, (select c.first6 || '******' || c.last4 from cards c where c.id = t.card_id)
             from card_transactions t left join merchants m on m.id = t.merchant_id
             where ${where} order by t.occurred_at desc, t.id desc ${limit}`,
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
    const probe = await fetch(`http://127.0.0.1:${port}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    })
    const { data } = (await probe.json()) as { data: { total: number } }
    const r = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url: `http://127.0.0.1:${port}${PATH}`,
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
    generatedInMs: generated,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    goal: 'a filtered page (merchant, date range, status, card): p99 < 50 ms at 8 concurrent clients',
    note: 'the machine is shared with other agents: see loadAverage',
    loadAverage: loadAverage(),
    results,
  }
  writeReport('card-transactions-list', report)
  console.table(results)
})
