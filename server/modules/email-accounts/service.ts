import { and, asc, eq, ne } from 'drizzle-orm'
import {
  emailAccounts as definition,
  type EmailAccount,
  type SenderSettings,
} from '../../../src/resources/emailAccounts'
import type { Language } from '../../../src/i18n/languages'
import type { SaveOf } from '../../../src/resources/kit'
import { audit, changedFields } from '../../audit'
import { encryptField } from '../../cards/cardData'
import type { Db } from '../../db/client'
import { companies, companyEmailAccounts, emailAccounts } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import type { Deps } from '../../deps'
import { BizError } from '../../http/errors'
import { iso } from '../../http/wire'
import { fieldRefusal } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import { checkDnsRecords, nodeDnsResolver } from '../../mail/dns'
import { EmailAccountRules } from './rules'

type Row = typeof emailAccounts.$inferSelect
type Input = SaveOf<typeof definition>

/** What the API shows of an account: never the password, only whether one is kept. */
export function accountRow(r: Row): EmailAccount {
  return {
    id: r.id,
    address: r.address,
    host: r.host,
    port: r.port,
    security: r.security as EmailAccount['security'],
    userName: r.userName,
    hasPassword: !!r.passwordSealed,
    senderName: r.senderName,
    remarks: r.remarks,
    status: r.status as EmailAccount['status'],
    isPublic: r.isPublic,
    isDefault: r.isDefault,
    dnsRecords: r.dnsRecords,
    dnsCheckedAt: r.dnsCheckedAt ? iso(r.dnsCheckedAt) : null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }
}

const duplicate = (ctx: ServiceContext, address: string) =>
  fieldRefusal(ctx, EmailAccountRules.duplicateAddress, 'address', 'validation:duplicate', {
    address,
  })

async function byId(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, id))
  if (!row) throw new BizError(EmailAccountRules.notFound)
  return row
}

/** A DNS record as the audit keeps it: what was asked for, not what a check observed. */
const recordText = (r: { name: string; type: string; value: string }) =>
  `${r.type} ${r.name} ${r.value}`

/**
 * A save's audit detail: an edit's changed fields before and after (the DNS records as items,
 * a new password as "replaced", never the password); a create's fields as `after`.
 */
function auditDetail(
  current: Row | undefined,
  fields: Omit<Input, 'id' | 'password' | 'dnsRecords'>,
  dnsRecords: Input['dnsRecords'],
  passwordReplaced: boolean,
) {
  const after = { ...fields, dnsRecords: dnsRecords.map(recordText), passwordReplaced }
  if (!current) return { after }
  const stored = current as unknown as Record<string, unknown>
  const before = {
    ...Object.fromEntries(Object.keys(fields).map((k) => [k, stored[k] ?? null])),
    dnsRecords: (current.dnsRecords ?? []).map(recordText),
    passwordReplaced: false,
  }
  return changedFields(before, after as Record<string, unknown>)
}

/**
 * Creates or updates an account. The password is encrypted under the data key (like card
 * data) and never answered; an empty password on an edit keeps the saved one. DNS records
 * keep what the last check observed while their name, type and value stay the same. At most
 * one account is the platform default: choosing one clears the others. The audit row names
 * the fields changed, never the password.
 */
export async function saveAccount(
  ctx: ServiceContext,
  deps: Pick<Deps, 'dataKey'>,
  input: Input,
): Promise<EmailAccount> {
  const { id, password, dnsRecords, ...fields } = input
  const now = ctx.clock.now()
  try {
    return await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db
      const current = id ? await byId(db, id) : undefined
      const [clash] = await db
        .select({ id: emailAccounts.id })
        .from(emailAccounts)
        .where(
          and(eq(emailAccounts.address, fields.address), id ? ne(emailAccounts.id, id) : undefined),
        )
      if (clash) throw duplicate(ctx, fields.address)
      const kept = new Map(
        (current?.dnsRecords ?? []).map((r) => [`${r.name}\n${r.type}\n${r.value}`, r]),
      )
      const records = dnsRecords.map(
        (r) =>
          kept.get(`${r.name}\n${r.type}\n${r.value}`) ?? {
            ...r,
            verified: false,
            observed: null,
            checkedAt: null,
          },
      )
      if (fields.isDefault) {
        await db
          .update(emailAccounts)
          .set({ isDefault: false })
          .where(and(eq(emailAccounts.isDefault, true), id ? ne(emailAccounts.id, id) : undefined))
      }
      const values = {
        ...fields,
        dnsRecords: records,
        ...(password ? { passwordSealed: encryptField(deps.dataKey, password) } : {}),
        updatedAt: now,
      }
      const [saved] = id
        ? await db.update(emailAccounts).set(values).where(eq(emailAccounts.id, id)).returning()
        : await db
            .insert(emailAccounts)
            .values({ ...values, createdAt: now })
            .returning()
      await audit(
        ctx,
        {
          action: id ? 'email-account.update' : 'email-account.create',
          target: `email-account:${saved.id}`,
          detail: auditDetail(current, fields, dnsRecords, !!password),
        },
        db,
      )
      return accountRow(saved)
    })
  } catch (e) {
    if (isUniqueViolation(e, 'email_accounts_address_unique')) throw duplicate(ctx, fields.address)
    throw e
  }
}

/** Resolves the account's DNS records and stores expected against observed, and when. */
export async function checkAccountDns(
  deps: Pick<Deps, 'db' | 'clock' | 'dns'>,
  id: number,
): Promise<EmailAccount> {
  const row = await byId(deps.db, id)
  const now = deps.clock.now()
  const checked = await checkDnsRecords(deps.dns ?? nodeDnsResolver, row.dnsRecords, now)
  const [saved] = await deps.db
    .update(emailAccounts)
    .set({ dnsRecords: checked, dnsCheckedAt: now })
    .where(eq(emailAccounts.id, id))
    .returning()
  return accountRow(saved)
}

/** The schedule's pass: every active account's records checked again. */
export async function recheckAllDns(deps: Pick<Deps, 'db' | 'clock' | 'dns'>): Promise<number> {
  const rows = await deps.db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(eq(emailAccounts.status, 'active'))
  for (const { id } of rows) await checkAccountDns(deps, id)
  return rows.length
}

/** Queues a test mail through the account to `to`; its send record shows how it went. */
export async function sendTestMail(
  ctx: ServiceContext,
  deps: Pick<Deps, 'mailer'>,
  input: { id: number; to: string; language: Language },
): Promise<{ sendRecordId: number }> {
  const account = await byId(ctx.db, input.id)
  if (account.status !== 'active') throw new BizError(EmailAccountRules.inactive)
  const sendRecordId = await ctx.db.transaction(async (tx) => {
    const id = await deps.mailer.enqueue(tx as unknown as Db, {
      to: input.to,
      event: 'email-account.test',
      language: input.language,
      variables: { address: account.address, senderName: account.senderName || account.address },
      accountId: account.id,
      requestedBy: ctx.actor?.userId ?? null,
    })
    await audit(
      ctx,
      {
        action: 'email-account.test-mail',
        target: `email-account:${account.id}`,
        detail: { to: input.to, sendRecordId: id },
      },
      tx as unknown as Db,
    )
    return id
  })
  deps.mailer.deliverSoon([sendRecordId])
  return { sendRecordId }
}

/** The settings screen's facts: the platform default, each company's choice, the accounts. */
export async function senderSettingsOf(db: Db): Promise<SenderSettings> {
  const accounts = await db
    .select({
      id: emailAccounts.id,
      address: emailAccounts.address,
      senderName: emailAccounts.senderName,
      status: emailAccounts.status,
      isPublic: emailAccounts.isPublic,
      isDefault: emailAccounts.isDefault,
    })
    .from(emailAccounts)
    .orderBy(asc(emailAccounts.address))
  const rows = await db
    .select({
      companyId: companies.id,
      name: companies.name,
      accountId: companyEmailAccounts.accountId,
    })
    .from(companies)
    .leftJoin(companyEmailAccounts, eq(companyEmailAccounts.companyId, companies.id))
    .orderBy(asc(companies.name), asc(companies.id))
  return {
    defaultAccountId: accounts.find((a) => a.isDefault)?.id ?? null,
    companies: rows,
    accounts: accounts.map(({ isDefault: _, ...a }) => ({
      ...a,
      status: a.status as SenderSettings['accounts'][number]['status'],
    })),
  }
}

/**
 * Saves which account sends which mail, in one transaction with its audit row: the platform
 * default (an active account; null: SMTP_URL) and the listed companies' choices (an active
 * public account; null: the platform default). A refusal names its field and writes nothing.
 */
export async function saveSenderSettings(
  ctx: ServiceContext,
  input: {
    defaultAccountId: number | null
    companies: { companyId: number; accountId: number | null }[]
  },
): Promise<SenderSettings> {
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    const before = await senderSettingsOf(db)
    const accounts = new Map(before.accounts.map((a) => [a.id, a]))
    const known = new Map(before.companies.map((c) => [c.companyId, c]))
    const def = input.defaultAccountId
    if (def !== null && accounts.get(def)?.status !== 'active') {
      const rule = accounts.has(def) ? EmailAccountRules.inactive : EmailAccountRules.notFound
      throw fieldRefusal(ctx, rule, 'defaultAccountId', rule.key)
    }
    const changed: { companyId: number; from: number | null; to: number | null }[] = []
    for (const [i, choice] of input.companies.entries()) {
      const company = known.get(choice.companyId)
      if (!company) {
        const rule = EmailAccountRules.companyNotFound
        throw fieldRefusal(ctx, rule, `companies.${i}.companyId`, rule.key)
      }
      const account = choice.accountId === null ? null : accounts.get(choice.accountId)
      if (choice.accountId !== null && (account?.status !== 'active' || !account.isPublic)) {
        const rule = EmailAccountRules.notPublic
        throw fieldRefusal(ctx, rule, `companies.${i}.accountId`, rule.key)
      }
      if (company.accountId !== choice.accountId) {
        changed.push({ companyId: choice.companyId, from: company.accountId, to: choice.accountId })
      }
    }
    if (before.defaultAccountId !== def) {
      await db
        .update(emailAccounts)
        .set({ isDefault: false })
        .where(eq(emailAccounts.isDefault, true))
      if (def !== null) {
        await db.update(emailAccounts).set({ isDefault: true }).where(eq(emailAccounts.id, def))
      }
    }
    for (const c of changed) {
      if (c.to === null) {
        await db.delete(companyEmailAccounts).where(eq(companyEmailAccounts.companyId, c.companyId))
      } else {
        await db
          .insert(companyEmailAccounts)
          .values({ companyId: c.companyId, accountId: c.to })
          .onConflictDoUpdate({ target: companyEmailAccounts.companyId, set: { accountId: c.to } })
      }
    }
    await audit(
      ctx,
      {
        action: 'email-account.settings',
        target: 'screen:email-account-save-settinginfo',
        detail: {
          defaultAccountId: { from: before.defaultAccountId, to: def },
          companies: changed,
        },
      },
      db,
    )
  })
  return senderSettingsOf(ctx.db)
}

/**
 * Which account sends a company's mail: an active account that is public, or null for the
 * platform default. Stored per company (company_email_accounts).
 */
export async function chooseCompanyAccount(
  ctx: ServiceContext,
  input: { companyId: number; accountId: number | null },
): Promise<{ companyId: number; accountId: number | null }> {
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, input.companyId))
  if (!company) throw new BizError(EmailAccountRules.notFound)
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    if (input.accountId === null) {
      await db
        .delete(companyEmailAccounts)
        .where(eq(companyEmailAccounts.companyId, input.companyId))
    } else {
      const account = await byId(db, input.accountId)
      if (account.status !== 'active' || !account.isPublic) {
        throw new BizError(EmailAccountRules.notPublic)
      }
      await db
        .insert(companyEmailAccounts)
        .values({ companyId: input.companyId, accountId: input.accountId })
        .onConflictDoUpdate({
          target: companyEmailAccounts.companyId,
          set: { accountId: input.accountId },
        })
    }
    await audit(
      ctx,
      {
        action: 'email-account.company-choice',
        target: `company:${input.companyId}`,
        detail: { accountId: input.accountId },
      },
      db,
    )
  })
  return input
}
