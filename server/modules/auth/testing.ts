import { count, eq } from 'drizzle-orm'
import { hashPassword } from '../../auth/passwords'
import { auditLog, oneTimeSecrets, roles, sendRecords, sessions, users } from '../../db/schema'
import type { ReceivedMail } from '../../testing/smtp'
import type { TestApi } from '../../testing/harness'

/** Test helpers of the auth suites: readable mail bodies, throw-away users, row counts. */

/** The decoded plain-text part of a message (server/testing/smtp.ts). */
export function mailText(mail: ReceivedMail): string {
  return mail.text
}

export async function resetTokenFrom(api: TestApi, email: string): Promise<string> {
  const text = mailText(await api.smtp.waitFor(email))
  const m = /resetPassword\?token=([\w%-]+)/.exec(text)
  if (!m) throw new Error(`no reset link in: ${text}`)
  return decodeURIComponent(m[1])
}

export async function codeFrom(api: TestApi, email: string): Promise<string> {
  const text = mailText(await api.smtp.waitFor(email))
  const m = /\b(\d{6})\b/.exec(text)
  if (!m) throw new Error(`no code in: ${text}`)
  return m[1]
}

let serial = 0

/** A fresh user with the platform administrator's role, so tests do not disturb each other. */
export async function addUser(
  api: TestApi,
  fields: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<{ id: number; loginName: string; password: string; email: string | null }> {
  const { password = 'Start@12345', ...rest } = fields
  const [admin] = await api.deps.db.select().from(users).where(eq(users.loginName, 'admin'))
  const [role] = await api.deps.db.select().from(roles).where(eq(roles.id, admin.roleId))
  serial += 1
  const loginName = rest.loginName ?? `tester${serial}`
  const email = rest.email === undefined ? `${loginName}@example.test` : rest.email
  const [row] = await api.deps.db
    .insert(users)
    .values({
      nickName: `Tester ${serial}`,
      roleId: role.id,
      ...rest,
      loginName,
      email,
      passwordHash: await hashPassword(password),
    })
    .returning()
  return { id: row.id, loginName, password, email }
}

/** Rows in the tables a call may write, to prove that a refused call wrote nothing. */
export async function rowCounts(api: TestApi) {
  const n = async (
    t: typeof auditLog | typeof sessions | typeof oneTimeSecrets | typeof sendRecords,
  ) => (await api.deps.db.select({ n: count() }).from(t))[0].n
  return {
    audit: await n(auditLog),
    sessions: await n(sessions),
    secrets: await n(oneTimeSecrets),
    mails: await n(sendRecords),
  }
}

export async function userRow(api: TestApi, id: number) {
  const [row] = await api.deps.db.select().from(users).where(eq(users.id, id))
  return row
}

export async function auditRows(api: TestApi, action: string) {
  return api.deps.db.select().from(auditLog).where(eq(auditLog.action, action))
}
