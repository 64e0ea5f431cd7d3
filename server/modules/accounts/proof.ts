import { PROOF_FILE } from '../../../src/lib/files'
import { BizError } from '../../http/errors'
import { AccountRules } from './rules'

/** Largest proof file: 512 KiB, so its base64 (683 KiB) fits the default 1 MiB body limit. */
export const PROOF_MAX_BYTES = PROOF_FILE.maxBytes

/** The allowed types and the bytes each file of that type starts with. */
const SIGNATURES: Record<string, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
}

export interface ProofUpload {
  name: string
  contentType: string
  /** The file's bytes, base64. */
  data: string
}

/**
 * The proof's bytes, after checking them on the server: size, a declared type that is allowed,
 * and content that really is of that type (the first bytes), so a renamed script is refused.
 */
export function readProof(upload: ProofUpload): { bytes: Buffer; contentType: string } {
  const bytes = Buffer.from(upload.data, 'base64')
  if (bytes.length > PROOF_MAX_BYTES) {
    throw new BizError(AccountRules.proofTooLarge, { max: PROOF_MAX_BYTES / 1024 })
  }
  const signature = SIGNATURES[upload.contentType]
  if (!signature || bytes.length < signature.length || signature.some((b, i) => bytes[i] !== b)) {
    throw new BizError(AccountRules.proofType)
  }
  return { bytes, contentType: upload.contentType }
}

/** A file name safe for a Content-Disposition header. */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100) || 'proof'
}
