import { sql } from 'drizzle-orm'
import { clearDatabaseCaches, setChangesHeard } from './cache'
import type { Database, Db } from './db/client'
import type { Logger } from './deps'

/**
 * Every instance drops what it cached from the database when that data changes (issue 17,
 * item 5). The database says so itself: statement triggers on the cached tables (roles, menus,
 * buttons, role_menus, role_buttons; migration 0015_cluster_sql) call `pg_notify(CACHE_CHANNEL, table)`,
 * which PostgreSQL delivers to every listening session once the writing transaction commits —
 * whichever instance, screen, script or hand made the write. Each instance LISTENs on a
 * connection of its own and empties its database caches on each notification.
 *
 * Nothing depends on timing: no time-to-live, no polling. While the listening connection is
 * down, changes could go unheard, so the caches are bypassed (every call reads the database)
 * until it is back, and emptied then. On PGlite (one process, one connection) the same
 * triggers notify the same handler.
 */
export const CACHE_CHANNEL = 'vcc_cache'

export function watchDatabaseChanges(database: Database, log: Logger) {
  return database.listen(CACHE_CHANNEL, {
    notified: () => clearDatabaseCaches(),
    live: () => setChangesHeard(database.db, true),
    lost: () => setChangesHeard(database.db, false),
    error: (err) => log.error('change notifications lost', { error: err.message }),
  })
}

/** Tells every instance (this one included) to drop its database caches: `/cache/refresh`. */
export async function notifyCacheRefresh(db: Db) {
  await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, 'refresh')`)
}
