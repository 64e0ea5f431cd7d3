/**
 * The user's column setup of one list screen (the spec's column configuration): which columns
 * show, in which order, how wide. Pure: the server keeps it (`/column/query`, `/column/save`),
 * the table reads it through TanStack Table's order, visibility and sizing state.
 */
export interface ColumnPref {
  id: string
  visible: boolean
  /** Pixels; absent: the screen's default width. */
  width?: number
}

export interface DeclaredColumn {
  id: string
  /** False: the column identifies the row and always shows. */
  hideable?: boolean
}

/** The server's limits (server/modules/columns/schemas.ts). */
export const MIN_COLUMN_WIDTH = 40
export const MAX_COLUMN_WIDTH = 1200
/** One keyboard step of "wider" / "narrower". */
export const WIDTH_STEP = 40

export const clampWidth = (px: number) =>
  Math.round(Math.max(MIN_COLUMN_WIDTH, Math.min(MAX_COLUMN_WIDTH, px)))

/**
 * The setup to show: the saved entries of columns the screen still declares, in the saved
 * order, and the columns added since then right after their declared predecessor (so a column
 * a later release adds shows by default, where the screen puts it). Columns that identify the
 * row are always visible.
 */
export function effectiveSetup(declared: DeclaredColumn[], saved: ColumnPref[]): ColumnPref[] {
  const known = new Map(declared.map((c) => [c.id, c]))
  const out: ColumnPref[] = saved
    .filter((p) => known.has(p.id))
    .map((p) => ({ ...p, visible: p.visible || known.get(p.id)!.hideable === false }))
  const placed = new Set(out.map((p) => p.id))
  declared.forEach((c, i) => {
    if (placed.has(c.id)) return
    const before = declared
      .slice(0, i)
      .reverse()
      .find((d) => placed.has(d.id))
    const at = before ? out.findIndex((p) => p.id === before.id) + 1 : 0
    out.splice(at, 0, { id: c.id, visible: true })
    placed.add(c.id)
  })
  return out
}

/** Moves a column one place left (-1) or right (+1); unchanged at either end. */
export function moveColumn(setup: ColumnPref[], id: string, step: -1 | 1): ColumnPref[] {
  const i = setup.findIndex((c) => c.id === id)
  const j = i + step
  if (i < 0 || j < 0 || j >= setup.length) return setup
  const next = [...setup]
  ;[next[i], next[j]] = [next[j], next[i]]
  return next
}

export function setVisible(setup: ColumnPref[], id: string, visible: boolean): ColumnPref[] {
  return setup.map((c) => (c.id === id ? { ...c, visible } : c))
}

/** Sets a width (clamped to the server's limits); undefined goes back to the default. */
export function setWidth(setup: ColumnPref[], id: string, width?: number): ColumnPref[] {
  return setup.map((c) => {
    if (c.id !== id) return c
    const { width: _old, ...rest } = c
    return width === undefined ? rest : { ...rest, width: clampWidth(width) }
  })
}

/** The browser-only setup of earlier releases (`vcc.columns`: hidden ids per screen). */
export function fromHiddenIds(declared: DeclaredColumn[], hidden: string[]): ColumnPref[] {
  const off = new Set(hidden)
  return declared.map((c) => ({ id: c.id, visible: c.hideable === false || !off.has(c.id) }))
}
