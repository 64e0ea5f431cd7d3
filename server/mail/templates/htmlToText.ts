/**
 * The plain-text part of a mail, derived from its HTML: paragraphs and headings become blank
 * lines, `<br>` a line break, list items "- " lines, a link "label (address)" unless the label
 * is the address, entities decoded, everything else dropped. White space in the HTML source is
 * collapsed as a browser would.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? parseInt(body.slice(2), 16)
          : parseInt(body.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole
    }
    return NAMED[body.toLowerCase()] ?? whole
  })
}

const stripTags = (s: string) => s.replace(/<[^>]*>/g, '')

const BLOCK = 'p|div|h[1-6]|table|tr|ul|ol|blockquote|section|article|header|footer|hr|pre'

export function htmlToText(html: string): string {
  let s = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\s+/g, ' ')
  s = s.replace(
    /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi,
    (_, dq: string | undefined, sq: string | undefined, inner: string) => {
      const href = decodeEntities(dq ?? sq ?? '').trim()
      const label = decodeEntities(stripTags(inner)).trim()
      const shown = !href || label === href ? label || href : `${label} (${href})`
      // Re-encoded so the decoding below leaves it as it is.
      return shown.replace(/&/g, '&amp;').replace(/</g, '&lt;')
    },
  )
  s = s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/li\s*>/gi, '\n')
    .replace(/<\/?(td|th)\b[^>]*>/gi, ' ')
    .replace(new RegExp(`</?(${BLOCK})\\b[^>]*>`, 'gi'), '\n\n')
  return decodeEntities(stripTags(s))
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
