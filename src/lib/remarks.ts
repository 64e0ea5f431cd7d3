import { isCodeOf, lookUp, type RemarkCode, type Translate } from './codeLabels'

/**
 * Remarks the server writes itself ("Transfer between currencies") are stored as a code with
 * its values — `@remark:groupDeposit?group=Travel%20desk` — and shown as the reader's label
 * (`codes:remark.groupDeposit`, "Deposit into shared card group {{group}}"), so a zh-CN reader
 * never sees English the server chose. Remarks users type are stored and shown as typed; one
 * that happens to look like a stored code but names no known code is shown as it is, too.
 */
const PREFIX = '@remark:'

type RemarkValues = Record<string, string>

/** The stored form of a server-written remark. */
export function remarkCode(code: RemarkCode, values: RemarkValues = {}): string {
  const query = new URLSearchParams(values).toString()
  return `${PREFIX}${code}${query ? `?${query}` : ''}`
}

/** The code and values of a stored server remark, or null for a remark a user typed. */
export function parseRemark(text: string): { code: RemarkCode; values: RemarkValues } | null {
  if (!text.startsWith(PREFIX)) return null
  const [code, query = ''] = text.slice(PREFIX.length).split('?', 2) as [string, string?]
  if (!isCodeOf('remark', code)) return null
  return { code, values: Object.fromEntries(new URLSearchParams(query)) }
}

/** A stored remark as the reader sees it: the label of a server remark, else the text typed. */
export function remarkText(t: Translate, text: string | null | undefined): string {
  if (!text) return ''
  const parsed = parseRemark(text)
  if (!parsed) return text
  return lookUp(t, `codes:remark.${parsed.code}`, parsed.values)
}
