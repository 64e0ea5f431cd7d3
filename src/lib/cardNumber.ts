/**
 * A card number as the console and exports show it: the first six and last four digits, the
 * rest as dots, grouped by four (spec §9: "Card numbers grouped by 4"). Never the number.
 */
export function maskedCardNumber(first6: string, last4: string, length = 16): string {
  if (!first6 || !last4) return ''
  const hidden = '•'.repeat(Math.max(0, length - first6.length - last4.length))
  return `${first6}${hidden}${last4}`.replace(/(.{4})(?=.)/g, '$1 ')
}
