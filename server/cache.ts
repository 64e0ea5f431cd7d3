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
