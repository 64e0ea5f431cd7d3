/**
 * Dates as the user reads them (DESIGN §4: UTC on the wire, shown in the user's timezone).
 * One fixed shape in both languages, "yyyy-MM-dd HH:mm:ss", so lists line up and sort by eye.
 */
export interface DateTimeOptions {
  /** IANA zone from the user record, e.g. 'Asia/Shanghai'. Unknown zones fall back to UTC. */
  timeZone?: string
  /** Leave out the time of day. */
  dateOnly?: boolean
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, f)
  }
  return f
}

export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}

/** '' for a missing or unreadable value, so a table cell shows nothing rather than "Invalid". */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  { timeZone = 'UTC', dateOnly = false }: DateTimeOptions = {},
): string {
  if (value === null || value === undefined || value === '') return ''
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const zone = timeZone && isKnownTimeZone(timeZone) ? timeZone : 'UTC'
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  )
  const day = `${parts.year}-${parts.month}-${parts.day}`
  return dateOnly ? day : `${day} ${parts.hour}:${parts.minute}:${parts.second}`
}
