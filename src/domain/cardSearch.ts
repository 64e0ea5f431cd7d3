/**
 * What the card picker asks the card list for, from what was typed: the last four digits
 * ("1234", or a masked number as the lists show it, "4859 32•• •••• 1234"), a BIN (6 to 8
 * digits), else part of the alias. Nothing typed: the newest cards.
 */
export function cardSearchFilters(typed: string): Record<string, string> {
  const s = typed.trim()
  if (s === '') return {}
  const digits = s.replace(/[^0-9]/g, '')
  if (/[•*]/.test(s) && /^[0-9 •*]+$/.test(s) && digits.length >= 4) {
    return { last4: digits.slice(-4) }
  }
  if (/^[0-9]{4}$/.test(s)) return { last4: s }
  if (/^[0-9]{6,8}$/.test(s)) return { bin: s }
  return { alias: s }
}
