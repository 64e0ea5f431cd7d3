import { currentLanguage, i18n } from '../i18n'
import { LANGUAGE_HEADER, toWire } from '../i18n/languages'
import { API_BASE, ApiError } from './client'
import { emitApiEvent } from './events'
import { readUser } from './storage'

export interface DownloadProgress {
  /** Bytes received so far. */
  bytes: number
  /** Lines received so far (CSV: rows, after the header line). */
  lines: number
  /** The rows the server said it will write (X-Total-Count), when it said. */
  total: number | null
}

export interface Downloaded {
  blob: Blob
  fileName: string
}

/**
 * A file answer (an export): POST with the session and language headers like `call`, the body
 * read as a stream so the caller sees progress, then kept as one Blob. A refusal is the usual
 * envelope and is thrown as an ApiError.
 */
export async function download(
  path: string,
  body: unknown,
  onProgress: (p: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<Downloaded> {
  const token = readUser()?.token
  let res: Response
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      signal,
      headers: {
        'Content-Type': 'application/json',
        [LANGUAGE_HEADER]: toWire(currentLanguage()),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
  } catch {
    throw new ApiError(-1, i18n.t('errors:requestError'), 0)
  }
  if (!res.ok || !res.body) {
    const env = (await res.json().catch(() => null)) as { code: number; msg: string } | null
    if (res.status === 401) emitApiEvent({ type: 'api.unauthorized' })
    throw new ApiError(env?.code ?? -1, env?.msg ?? i18n.t('errors:requestError'), res.status)
  }
  emitApiEvent({ type: 'api.activity' })
  const header = res.headers.get('X-Total-Count')
  const progress: DownloadProgress = { bytes: 0, lines: 0, total: header ? Number(header) : null }
  const chunks: Uint8Array<ArrayBuffer>[] = []
  const reader = res.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    progress.bytes += value.length
    for (const byte of value) if (byte === 10) progress.lines++
    onProgress({ ...progress })
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')
  return {
    blob: new Blob(chunks, { type: res.headers.get('Content-Type') ?? undefined }),
    fileName: name?.[1] ?? 'export',
  }
}

/** Hands a Blob to the browser as a download. */
export function saveFile({ blob, fileName }: Downloaded) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
