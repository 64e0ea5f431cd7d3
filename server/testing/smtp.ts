import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
}

export interface TestSmtp {
  url: string
  port: number
  received: ReceivedMail[]
  /** Resolves with the next message to `to` (or already received and not yet taken). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

/** A real SMTP server on a free loopback port that keeps every message it is sent. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = []
  const taken = new Set<ReceivedMail>()
  const waiters: (() => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        waiters.splice(0).forEach((w) => w())
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
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
