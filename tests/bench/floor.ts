/**
 * The throughput floor for `npm run bench` (tests/bench/api-throughput.ts): the least a server
 * can do for the two measured calls — Hono on @hono/node-server, a node-postgres pool of the
 * same size, and the same database work per request as the product: the session looked up (its
 * idle clock written at most every 30 s), the role's menus and buttons read once per role and
 * kept (the product caches them too), the user's pins and recents, the parameter count and
 * page. No validation, envelope building, permissions, localisation or headers.
 * Compiled and run with plain node like the product (harness.ts). Never part of the product.
 */
import { createHash } from 'node:crypto'
import { serve } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
pool.on('error', () => {})
const app = new Hono()
const IDLE_SECONDS = 900

async function session(c: Context) {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? ''
  const hash = createHash('sha256').update(token).digest('hex')
  const { rows } = await pool.query(
    `select u.*, s.* from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.active
     limit 1`,
    [hash],
  )
  // The session's columns last, so its `id` wins over the user's.
  const row = rows[0] as
    | { id: number; last_seen_at: Date; user_id: number; role_id: number }
    | undefined
  if (!row) return null
  // The idle clock, written at most every 30 s per session like the product's.
  if (Date.now() - row.last_seen_at.getTime() >= 30_000) {
    await pool.query(
      `update sessions set last_seen_at = now(), expires_at = now() + interval '${IDLE_SECONDS} seconds'
       where id = $1 and revoked_at is null`,
      [row.id],
    )
  }
  return row
}

const roleMenus = new Map<number, Promise<{ menus: unknown[]; buttons: unknown[] }>>()

async function loadRoleMenus(roleId: number) {
  const menus = await pool.query(
    'select m.* from role_menus rm join menus m on m.id = rm.menu_id where rm.role_id = $1',
    [roleId],
  )
  const buttons = await pool.query(
    'select b.* from role_buttons rb join buttons b on b.id = rb.button_id where rb.role_id = $1 order by b.id',
    [roleId],
  )
  return { menus: menus.rows, buttons: buttons.rows }
}

app.post('/admin/menu/query', async (c) => {
  const s = await session(c)
  if (!s) return c.json({ code: 401 }, 401)
  let grants = roleMenus.get(s.role_id)
  if (!grants) roleMenus.set(s.role_id, (grants = loadRoleMenus(s.role_id)))
  const { menus, buttons } = await grants
  const pins = await pool.query(
    'select menu_id from user_menu_pins where user_id = $1 order by pinned_at, menu_id',
    [s.user_id],
  )
  const recents = await pool.query(
    'select menu_id from user_menu_recents where user_id = $1 order by used_at desc',
    [s.user_id],
  )
  return c.json({
    code: 0,
    msg: 'Success',
    data: { menus, buttons, pins: pins.rows, recents: recents.rows },
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
// Exit (rather than die) on SIGTERM, so `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0))
