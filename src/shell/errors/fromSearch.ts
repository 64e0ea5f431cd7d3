import type { Refusal } from '../../lib/refusal'

/**
 * The error pages' search: `from`, the full path of the page that led there, if any; on the
 * 403 page `refusal`, which refusal it was (`menu:<screen>`, `button:<screen>:<action>`,
 * `platformAdmin`, `country`), so the page names it even after a reload.
 */
export function fromSearch(search: Record<string, unknown>): { from?: string; refusal?: string } {
  return {
    ...(typeof search.from === 'string' && { from: search.from }),
    ...(typeof search.refusal === 'string' && { refusal: search.refusal }),
  }
}

export function encodeRefusal(r: Refusal): string {
  if (r.kind === 'menu') return `menu:${r.menu}`
  if (r.kind === 'button') return `button:${r.button}`
  return r.kind
}

export function decodeRefusal(s: string | undefined): Refusal | undefined {
  if (!s) return undefined
  if (s.startsWith('menu:')) return { kind: 'menu', menu: s.slice('menu:'.length) }
  if (s.startsWith('button:')) return { kind: 'button', button: s.slice('button:'.length) }
  if (s === 'platformAdmin' || s === 'country') return { kind: s }
  return undefined
}
