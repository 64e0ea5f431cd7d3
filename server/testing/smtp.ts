import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
  /** The plain-text part, decoded (the outbox sends text and HTML as multipart/alternative). */
  text: string
  /** The Message-ID header. */
  messageId: string | null
}

/** A MIME part's head (folded lines unfolded) and its body. */
function splitPart(raw: string): { head: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/)
  if (split < 0) return { head: raw, body: '' }
  return {
    head: raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' '),
    body: raw.slice(split).replace(/^\r?\n\r?\n/, ''),
  }
}

function decodeBody(head: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The decoded text/plain part of a message (the first one, however deep in multiparts). */
export function plainTextOf(raw: string): string {
  const { head, body } = splitPart(raw)
  const boundary = /^content-type:\s*multipart\/[^;]+;.*?boundary="?([^";\s]+)"?/im.exec(head)?.[1]
  if (!boundary) return decodeBody(head, body)
  const parts = body.split(`--${boundary}`).slice(1, -1)
  const texts = parts.map((part) => part.replace(/^\r?\n/, ''))
  const plain = texts.find((p) => /^content-type:\s*text\/plain/im.test(splitPart(p).head))
  const nested = texts.find((p) => /^content-type:\s*multipart\//im.test(splitPart(p).head))
  if (plain) return plainTextOf(plain)
  return nested ? plainTextOf(nested) : ''
}

export interface TestSmtp {
  url: string
  port: number
  received: ReceivedMail[]
  /** Resolves with the next message to `to` (or already received and not yet taken). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

export interface TestSmtpOptions {
  /** A given port (to come back where a stopped one was); a free one by default. */
  port?: number
  /** Runs with each message received, before the server answers that it took it. */
  beforeAnswer?: (mail: ReceivedMail) => Promise<void> | void
}

/** A real SMTP server on a loopback port that keeps every message it is sent. */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = []
  const taken = new Set<ReceivedMail>()
  const waiters: (() => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS lookup of the loopback client on each connection: nothing here uses it.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          text: plainTextOf(raw),
          messageId: /^message-id:\s*(\S+)/im.exec(splitPart(raw).head)?.[1] ?? null,
        }
        received.push(mail)
        waiters.splice(0).forEach((w) => w())
        void Promise.resolve(options.beforeAnswer?.(mail)).finally(() => callback())
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    received,
    waitFor(to, timeoutMs = 5000) {
      const want = to.toLowerCase()
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = received.find((m) => !taken.has(m) && m.to.includes(want))
          if (!mail) return false
          taken.add(mail)
          resolve(mail)
          return true
        }
        if (check()) return
        const timer = setTimeout(() => reject(new Error(`no mail to ${to}`)), timeoutMs)
        const waiter = () => {
          if (check()) clearTimeout(timer)
          else waiters.push(waiter)
        }
        waiters.push(waiter)
      })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
