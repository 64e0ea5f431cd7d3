/**
 * In-process caches, registered by name so `/cache/refresh` can drop them all. `serverCache`
 * is for what derives from the code and its packages alone (reference lists), the same on
 * every instance; `loadedCache` for values read from the database, which every instance drops
 * when a change is notified (server/cacheInvalidation.ts, docs/architecture.md).
 */
export interface ServerCache<V> {
  get(key: string, compute: () => V): V
  peek(key: string): V | undefined
  delete(key: string): void
  clear(): void
}

const registry = new Map<string, Map<string, unknown>>()

export function serverCache<V>(name: string): ServerCache<V> {
  let store = registry.get(name)
  if (!store) {
    store = new Map()
    registry.set(name, store)
  }
  const entries = store
  return {
    get(key, compute) {
      if (entries.has(key)) return entries.get(key) as V
      const value = compute()
      entries.set(key, value)
      return value
    },
    peek: (key) => entries.get(key) as V | undefined,
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  }
}

/** Empties every registered cache; returns their names. */
export function clearServerCaches(): string[] {
  for (const store of registry.values()) store.clear()
  return [...registry.keys()].sort()
}

const databaseCaches = new Map<string, ServerCache<unknown>>()

/**
 * Database handles whose changes this process hears now (server/cacheInvalidation.ts). A value
 * loaded from a database is kept only while its change notifications arrive: without them
 * (not yet listening, connection lost) a grant could be revoked unseen, so every call loads.
 */
const heard = new WeakSet<object>()

/** Starts or stops keeping values of `db`: either way, what was kept is dropped. */
export function setChangesHeard(db: object, isHeard: boolean) {
  if (isHeard) heard.add(db)
  else heard.delete(db)
  clearDatabaseCaches()
}

/** Empties every cache of database values (a change was notified). */
export function clearDatabaseCaches() {
  for (const cache of databaseCaches.values()) cache.clear()
}

/**
 * A cache of values loaded from the database, per database handle and key, registered like
 * `serverCache` and dropped on every change notification of the tables it reads (the triggers
 * of migration 0015_cluster_sql). Holds the promise, so concurrent first calls share one load; a failed
 * load is forgotten. A load in flight when a change is notified is dropped with the rest: the
 * next call loads again, after the change.
 */
export function loadedCache<V>(name: string) {
  const cache = serverCache<Promise<V>>(name)
  databaseCaches.set(name, cache as ServerCache<unknown>)
  return {
    get(db: object, key: string, load: () => Promise<V>): Promise<V> {
      if (!heard.has(db)) return load()
      const entry = `${instanceKey(db)}:${key}`
      return cache.get(entry, () => {
        const loading = load()
        // A failed load is not kept (only if it is still the one kept: a clear may have come).
        loading.catch(() => {
          if (cache.peek(entry) === loading) cache.delete(entry)
        })
        return loading
      })
    },
    clear: () => cache.clear(),
  }
}

const instanceIds = new WeakMap<object, number>()
let lastInstanceId = 0

/** A number naming one object (a database handle), to key caches per database in tests. */
export function instanceKey(o: object): number {
  let id = instanceIds.get(o)
  if (id === undefined) instanceIds.set(o, (id = ++lastInstanceId))
  return id
}
