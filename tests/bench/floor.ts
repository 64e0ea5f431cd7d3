/**
 * The throughput floor for `npm run bench` (tests/bench/api-throughput.ts): the least a server
 * can do for the two measured calls — Hono on @hono/node-server, a node-postgres pool of the
 * same size, the same session lookup (token hash → live session and user, idle clock touched)
 * and the same queries, with no validation, envelope building, permissions or logging.
 * Benchmark infrastructure only; never part of the product.
 */
import { createHash } from 'node:crypto'
import { serve } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
pool.on('error', () => {})
const app = new Hono()

async function session(c: Context) {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? ''
  const hash = createHash('sha256').update(token).digest('hex')
  const { rows } = await pool.query(
    `select s.id, u.id as user_id, u.role_id from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.active limit 1`,
    [hash],
  )
  if (!rows[0]) return null
  await pool.query(
    `update sessions set last_seen_at = now(), expires_at = now() + interval '900 seconds' where id = $1`,
    [rows[0].id],
  )
  return rows[0] as { id: number; user_id: number; role_id: number }
}

app.post('/admin/menu/query', async (c) => {
  const s = await session(c)
  if (!s) return c.json({ code: 401 }, 401)
  const [menus, buttons, pins, recents] = [
    await pool.query(
      'select m.* from role_menus rm join menus m on m.id = rm.menu_id where rm.role_id = $1',
      [s.role_id],
    ),
    await pool.query(
      'select b.* from role_buttons rb join buttons b on b.id = rb.button_id where rb.role_id = $1 order by b.id',
      [s.role_id],
    ),
    await pool.query('select menu_id from user_menu_pins where user_id = $1 order by pinned_at', [
      s.user_id,
    ]),
    await pool.query(
      'select menu_id from user_menu_recents where user_id = $1 order by used_at desc',
      [s.user_id],
    ),
  ]
  return c.json({
    code: 0,
    msg: 'Success',
    data: { menus: menus.rows, buttons: buttons.rows, pins: pins.rows, recents: recents.rows },
  })
})

app.post('/admin/parameter/list', async (c) => {
  const s = await session(c)
  if (!s) return c.json({ code: 401 }, 401)
  const total = await pool.query('select count(*) from parameters')
  const list = await pool.query('select * from parameters order by name, id limit 10 offset 0')
  return c.json({
    code: 0,
    msg: 'Success',
    data: { list: list.rows, total: Number(total.rows[0].count) },
  })
})

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info) =>
  console.log(`floor listening on ${info.port}`),
)
