/**
 * Which refusal a 403 is (docs/security.md, "Refusals name themselves"): the server puts it in
 * the error envelope's `data.refusal`, the console's refusal page names it in the reader's
 * language. Isomorphic: the server's envelope schema and the console's page share it.
 * - `menu`: the caller's role does not grant this screen (a route name);
 * - `button`: nor this button (`<screen>:<action>`), the view-only refusal 1403;
 * - `platformAdmin`: only the platform administrator may;
 * - `country`: the caller's address is in a country its company refuses sign-in from.
 */
export type Refusal =
  | { kind: 'menu'; menu: string }
  | { kind: 'button'; button: string }
  | { kind: 'platformAdmin' }
  | { kind: 'country' }

/** The refusal named in an error envelope's data, if it names one the console knows. */
export function refusalOf(data: unknown): Refusal | undefined {
  const r = (data as { refusal?: unknown } | null)?.refusal as Partial<Refusal> | undefined
  if (!r || typeof r !== 'object') return undefined
  if (r.kind === 'menu' && typeof r.menu === 'string') return { kind: 'menu', menu: r.menu }
  if (r.kind === 'button' && typeof r.button === 'string')
    return { kind: 'button', button: r.button }
  if (r.kind === 'platformAdmin' || r.kind === 'country') return { kind: r.kind }
  return undefined
}
