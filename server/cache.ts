/**
 * In-process caches, registered by name so `/cache/refresh` can drop them all. Only data that
 * is the same for every instance belongs here (derived reference lists): anything users change
 * lives in the database, because API instances are stateless (DESIGN §2).
 */
export interface ServerCache<V> {
  get(key: string, compute: () => V): V
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
    clear: () => entries.clear(),
  }
}

/** Empties every registered cache; returns their names. */
export function clearServerCaches(): string[] {
  for (const store of registry.values()) store.clear()
  return [...registry.keys()].sort()
}

/**
 * A cache of values loaded from the database, per key, registered like `serverCache`. Holds
 * the promise, so concurrent first calls share one load; a failed load is forgotten.
 */
export function loadedCache<V>(name: string) {
  const cache = serverCache<Promise<V>>(name)
  const failed = new Set<string>()
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      if (failed.delete(key)) cache.clear()
      return cache.get(key, () =>
        load().catch((e: unknown) => {
          failed.add(key)
          throw e
        }),
      )
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
