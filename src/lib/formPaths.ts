/**
 * Pure helpers of the form pattern that know nothing of React or the form library: where a
 * server's field error lands (dotted names address nested fields and array rows), and which
 * fields of an error tree carry a message (to focus the first one).
 */

/** A refusal of one field as the server names it (`code`, `tiers.0.amount`). */
export interface NamedMessage {
  field: string
  message: string
}

/** Whether `values` holds something (even an empty string or null) at the dotted `path`. */
export function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values
  for (const segment of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(segment in node)) return false
    node = (node as Record<string, unknown>)[segment]
  }
  return true
}

export interface PlacedErrors {
  /** One message per form path, in the server's order (the first is focused). */
  fields: NamedMessage[]
  /** Messages that name no field of this form: shown in the form's alert. */
  other: string[]
}

/**
 * Places the server's field errors on the form: a dotted name goes to the deepest field the
 * form holds (`tiers.0.amount`, else `tiers.0`, else `tiers`); a name the form does not have
 * at all goes to the alert. The first message of a field wins.
 */
export function placeFieldErrors(errors: readonly NamedMessage[], values: unknown): PlacedErrors {
  const fields: NamedMessage[] = []
  const other: string[] = []
  for (const fe of errors) {
    const segments = fe.field.split('.')
    let placed: string | null = null
    for (let n = segments.length; n > 0 && !placed; n--) {
      const candidate = segments.slice(0, n).join('.')
      if (hasPath(values, candidate)) placed = candidate
    }
    if (placed === null) other.push(fe.message)
    else if (!fields.some((f) => f.field === placed))
      fields.push({ field: placed, message: fe.message })
  }
  return { fields, other }
}

/**
 * The dotted paths of an error tree (the shape form libraries report: objects and arrays down
 * to leaves that have a `message`), depth first in key order.
 */
export function errorPaths(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return []
  const node = tree as Record<string, unknown>
  if (typeof node.message === 'string' && prefix) return [prefix]
  const out: string[] = []
  for (const [key, child] of Object.entries(node)) {
    // `ref` points at a DOM element, `root` is the library's own form-level slot.
    if (key === 'ref' || key === 'type' || key === 'types' || key === 'root') continue
    out.push(...errorPaths(child, prefix ? `${prefix}.${key}` : key))
  }
  return out
}
