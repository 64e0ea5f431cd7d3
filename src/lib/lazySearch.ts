/**
 * Search-param validation for routes under /main without their schemas in the first load: the
 * schemas are built from the resource definitions (zod), which the sign-in pages must not load.
 *
 *   validateSearch: lazySearch(() => import('../../features/dict/search').then((m) => m.dictListSearch)),
 *
 * The route types are the schema's own. Until the schemas arrive a search passes as it came;
 * the /main guard loads them all (`loadSearchSchemas`) and, if (`takeUncheckedSearch`) a match was made without them,
 * navigates to the same place once more so that every protected page sees validated search.
 */
interface AnySchema {
  readonly '~standard': {
    readonly validate: (value: unknown) => unknown
    readonly types?: { readonly input: unknown; readonly output: unknown }
  }
}
type Types<S extends AnySchema> = NonNullable<S['~standard']['types']>

export interface LazySearch<S extends AnySchema> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (
      value: unknown,
    ) => ReturnType<S['~standard']['validate']> | { value: unknown }
    readonly types?: Types<S>
  }
}

const loaders = new Set<() => Promise<void>>()
let loadAll: Promise<void> | null = null
let passedUnchecked = false

export function lazySearch<S extends AnySchema>(load: () => Promise<S>): LazySearch<S> {
  let schema: S | null = null
  loaders.add(() =>
    // Zod is told to compile no code (the CSP forbids eval) before any schema parses.
    Promise.all([import('../zodConfig'), load()]).then(([, s]) => void (schema = s)),
  )
  return {
    '~standard': {
      version: 1,
      vendor: 'vcc-lazy-search',
      validate: (value) => {
        if (schema)
          return schema['~standard'].validate(value) as ReturnType<S['~standard']['validate']>
        passedUnchecked = true
        return { value }
      },
    },
  }
}

/** Loads every lazy schema, once. */
export function loadSearchSchemas(): Promise<void> {
  loadAll ??= Promise.all([...loaders].map((l) => l())).then(() => undefined)
  loadAll.catch(() => (loadAll = null))
  return loadAll
}

/** Whether a search was let through unchecked since the last ask: then match it again. */
export function takeUncheckedSearch(): boolean {
  const unchecked = passedUnchecked
  passedUnchecked = false
  return unchecked
}
