/**
 * What a file field takes: its media types and its size limit. Shared by both halves: the
 * server refuses by the same rule, and the console checks it before reading or sending a byte
 * (a 20 MB proof used to be uploaded whole, then refused by the body limit).
 */
export interface FileRule {
  types: readonly string[]
  maxBytes: number
}

/** The proof of a wire (deposits): PDF, PNG or JPEG, at most 512 KB. */
export const PROOF_FILE = {
  types: ['application/pdf', 'image/png', 'image/jpeg'],
  maxBytes: 512 * 1024,
} as const satisfies FileRule

export type FileProblem = 'type' | 'size'

/** Why `file` cannot be sent under `rule`, or undefined when it can. */
export function fileProblem(
  file: { type: string; size: number },
  rule: FileRule,
): FileProblem | undefined {
  if (!rule.types.includes(file.type)) return 'type'
  if (file.size > rule.maxBytes) return 'size'
  return undefined
}
