/**
 * Search params of the public pages, checked without a schema library (which is not in their
 * first load). Like a schema with `.catch(undefined)`: a value of the wrong kind or too long is
 * dropped, never an error.
 */
type Search = Record<string, unknown>

/** `{ [name]: value }` for a string of at most `max` characters, else `{}`. */
export function textParam<N extends string>(
  name: N,
  max: number,
): (search: Search) => Partial<Record<N, string>> {
  return (search) => {
    const v = search[name]
    return typeof v === 'string' && v.length <= max ? ({ [name]: v } as Record<N, string>) : {}
  }
}

/** `{ [name]: value }` for a positive whole number (a row id), else `{}`. */
export function idParam<N extends string>(name: N): (search: Search) => Partial<Record<N, number>> {
  return (search) => {
    const v = search[name]
    return typeof v === 'number' && Number.isSafeInteger(v) && v > 0
      ? ({ [name]: v } as Record<N, number>)
      : {}
  }
}
