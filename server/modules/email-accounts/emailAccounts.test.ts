import { count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptField } from '../../cards/cardData'
import {
  auditLog,
  companies,
  companyEmailAccounts,
  emailAccounts,
  sendRecords,
  users,
} from '../../db/schema'
import { fakeDnsResolver } from '../../mail/dns'
import { chooseAccount } from '../../mail/outbox'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { startTestSmtp, type TestSmtp } from '../../testing/smtp'

let api: TestApi
let admin: string
let auditor: string

beforeAll(async () => {
  api = await createTestApi()
  api.deps.dns = fakeDnsResolver({
    'outbox.example': { TXT: ['v=spf1 include:_spf.outbox.example ~all'] },
    '_dmarc.outbox.example': { TXT: ['v=DMARC1; p=none'] },
  })
  admin = await api.login(...DEMO.admin)
  auditor = await api.login(...DEMO.auditor)
}, 600_000)
afterAll(async () => {
  await api?.close()
})

const PASSWORD = 'Smtp-Secret-42'
const account = (over: Record<string, unknown> = {}) => ({
  address: 'noreply@outbox.example',
  host: '127.0.0.1',
  port: api.smtp.port,
  security: 'none',
  userName: '',
  password: PASSWORD,
  senderName: 'Outbox Test',
  remarks: '',
  status: 'active',
  isPublic: true,
  isDefault: false,
  dnsRecords: [
    { name: 'outbox.example', type: 'TXT', value: 'v=spf1 include:_spf.outbox.example ~all' },
    { name: '_dmarc.outbox.example', type: 'TXT', value: 'v=DMARC1; p=quarantine' },
  ],
  ...over,
})
const save = (body: unknown, token = admin) => api.call('/email-account/save', body, { token })
const rows = async () => (await api.deps.db.select({ n: count() }).from(emailAccounts))[0].n

describe('sender e-mail accounts', () => {
  let id: number

  it('saves an account; the password is encrypted at rest and never answered or audited', async () => {
    const res = await save(account())
    expect(res.body.code).toBe(0)
    id = res.body.data.id
    expect(res.body.data).toMatchObject({ hasPassword: true, address: 'noreply@outbox.example' })
    expect(JSON.stringify(res.body)).not.toContain(PASSWORD)
    const detail = await api.call('/email-account/detail', { id }, { token: admin })
    expect(JSON.stringify(detail.body)).not.toContain(PASSWORD)
    const [stored] = await api.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, id))
    expect(stored.passwordSealed).not.toContain(PASSWORD)
    expect(decryptField(api.deps.dataKey, stored.passwordSealed!)).toBe(PASSWORD)
    const [entry] = await api.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(entry.action).toBe('email-account.create')
    expect(JSON.stringify(entry.detail)).not.toContain(PASSWORD)
  })

  it('an edit without a password keeps the saved one', async () => {
    const res = await save(account({ id, password: '', senderName: 'Renamed' }))
    expect(res.body.data).toMatchObject({ senderName: 'Renamed', hasPassword: true })
    const [stored] = await api.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, id))
    expect(decryptField(api.deps.dataKey, stored.passwordSealed!)).toBe(PASSWORD)
    // The edit's audit row has its before: only the sender name changed.
    const [entry] = await api.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(entry.action).toBe('email-account.update')
    expect(entry.detail).toEqual({
      before: { senderName: account().senderName },
      after: { senderName: 'Renamed' },
    })
    expect(entry.targetName).toBe('noreply@outbox.example')
  })

  it.each([
    ['address', { address: 'not-an-address' }],
    ['host', { host: 'bad host!' }],
    ['port', { port: 70000 }],
    ['port', { port: 0 }],
    ['security', { security: 'ssl3' }],
    ['dnsRecords.0.name', { dnsRecords: [{ name: 'bad name!', type: 'TXT', value: 'x' }] }],
  ])('refuses a bad %s with 400 in both languages, writing nothing', async (field, over) => {
    const before = await rows()
    for (const language of ['en_US', 'zh_CN']) {
      const res = await api.call(
        '/email-account/save',
        account({ address: 'x@y.example', ...over }),
        {
          token: admin,
          lang: language,
        },
      )
      expect(res.status).toBe(400)
      const errors = res.body.data.fieldErrors as { field: string; message: string }[]
      const error = errors.find((e) => e.field === field)
      expect(error?.message).toBeTruthy()
      if (language === 'zh_CN') expect(error!.message).toMatch(/[\u4e00-\u9fff]/)
    }
    expect(await rows()).toBe(before)
  })

  it('refuses a second account for the same address beside the field', async () => {
    const res = await save(account())
    expect(res.body).toMatchObject({ code: 1702 })
    expect(res.body.data.fieldErrors[0].field).toBe('address')
  })

  it('checks the DNS records: expected against observed, verified or not, and when', async () => {
    const res = await api.call('/email-account/check-dns', { id }, { token: admin })
    expect(res.body.code).toBe(0)
    const [spf, dmarc] = res.body.data.dnsRecords
    expect(spf).toMatchObject({
      verified: true,
      observed: ['v=spf1 include:_spf.outbox.example ~all'],
    })
    expect(dmarc).toMatchObject({
      value: 'v=DMARC1; p=quarantine',
      verified: false,
      observed: ['v=DMARC1; p=none'],
    })
    expect(res.body.data.dnsCheckedAt).toBe(api.deps.clock.now().toISOString())
    // A view-only user may read, not check.
    expect((await api.call('/email-account/check-dns', { id }, { token: auditor })).status).toBe(
      403,
    )
  })

  it('sends a test mail through the account itself', async () => {
    const res = await api.call(
      '/email-account/send-test',
      { id, to: 'tester@example.test' },
      { token: admin },
    )
    expect(res.body.code).toBe(0)
    const mail = await api.smtp.waitFor('tester@example.test')
    expect(mail.raw).toMatch(/^From: Renamed <noreply@outbox\.example>/m)
    expect(mail.text).toContain('noreply@outbox.example')
    await api.deps.mailer.idle()
    const [record] = await api.deps.db
      .select()
      .from(sendRecords)
      .where(eq(sendRecords.id, res.body.data.sendRecordId))
    expect(record).toMatchObject({ status: 'sent', accountId: id, template: 'email-account.test' })
  })

  it('sends with the platform default account, or the one a company chose', async () => {
    const other = await save(
      account({ address: 'company@outbox.example', senderName: 'Company Sender', dnsRecords: [] }),
    )
    const companyAccount = other.body.data.id as number
    expect(await chooseAccount(api.deps.db, {})).toBeNull()
    await save(account({ id, password: '', isDefault: true }))
    expect(await chooseAccount(api.deps.db, {})).toBe(id)

    const [company] = await api.deps.db.select().from(companies).limit(1)
    const chosen = await api.call(
      '/email-account/company-choice',
      { companyId: company.id, accountId: companyAccount },
      { token: admin },
    )
    expect(chosen.body.code).toBe(0)
    expect(await chooseAccount(api.deps.db, { companyId: company.id })).toBe(companyAccount)
    expect(await chooseAccount(api.deps.db, { companyId: company.id + 999 })).toBe(id)

    // Only a public, active account can be a company's.
    await save(
      account({
        id: companyAccount,
        address: 'company@outbox.example',
        password: '',
        isPublic: false,
        dnsRecords: [],
      }),
    )
    const refused = await api.call(
      '/email-account/company-choice',
      { companyId: company.id, accountId: companyAccount },
      { token: admin },
    )
    expect(refused.body.code).toBe(1704)
    // Back to the platform default, and the default off again for the tests after.
    await api.call(
      '/email-account/company-choice',
      { companyId: company.id, accountId: null },
      { token: admin },
    )
    await save(account({ id, password: '', isDefault: false }))
  })
})

describe('send records', () => {
  it('lists, filters and shows each record with its attempts; secrets redacted', async () => {
    await api.call('/public/password/reset/send_email', { email: 'merchant.user@vcc.local' })
    await api.smtp.waitFor('merchant.user@vcc.local')
    await api.deps.mailer.idle()
    const list = await api.call(
      '/send-record/list',
      { pageNum: 1, pageSize: 10, filters: { template: 'auth.password_reset', status: 'sent' } },
      { token: admin },
    )
    expect(list.body.code).toBe(0)
    expect(list.body.data.total).toBeGreaterThanOrEqual(1)
    const row = list.body.data.list[0]
    expect(row).toMatchObject({ to: 'merchant.user@vcc.local', status: 'sent', attempts: 1 })
    expect(row.body).toContain('[redacted]')
    expect(row.body).not.toMatch(/token=/)
    const attempts = await api.call('/send-record/attempts', { id: row.id }, { token: admin })
    expect(attempts.body.data).toMatchObject([{ number: 1, outcome: 'sent' }])
    expect(attempts.body.data[0].answer).toMatch(/^250/)
    expect(
      (await api.call('/send-record/attempts', { id: 999999 }, { token: admin })).body.code,
    ).toBe(1751)

    // A sent mail that carried a reset link: the link is kept nowhere, so no resend.
    const resend = await api.call('/send-record/resend', { id: row.id }, { token: admin })
    expect(resend.body.code).toBe(1752)
  })

  it('a resend is a new record linked to the first, delivered again', async () => {
    const [first] = await api.deps.db
      .select()
      .from(sendRecords)
      .where(eq(sendRecords.template, 'email-account.test'))
    const res = await api.call('/send-record/resend', { id: first.id }, { token: admin })
    expect(res.body.code).toBe(0)
    await api.smtp.waitFor('tester@example.test')
    await api.deps.mailer.idle()
    const [again] = await api.deps.db
      .select()
      .from(sendRecords)
      .where(eq(sendRecords.id, res.body.data.id))
    expect(again).toMatchObject({ resendOf: first.id, status: 'sent', to: first.to })
    // The first is unchanged, and the resend needs its button.
    expect(
      (await api.call('/send-record/resend', { id: first.id }, { token: auditor })).status,
    ).toBe(403)
  })

  it('exports the filtered records', async () => {
    const res = await api.fetch(
      '/send-record/export',
      { format: 'csv', filters: { template: 'email-account.test' } },
      { token: admin },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('X-Total-Count')).toBe('2')
    const text = await res.text()
    expect(text).toContain('tester@example.test')
    // The event as the screen shows it, never its key.
    expect(text).toContain('Test mail of a sender account')
    expect(text).not.toContain('email-account.test')
  })

  it("writes each record's event as its label in the caller's language", async () => {
    const res = await api.fetch(
      '/send-record/export',
      { format: 'csv', filters: { template: 'auth.password_reset' } },
      { token: admin, lang: 'zh_CN' },
    )
    expect(res.status).toBe(200)
    const [header, first] = (await res.text()).split(/\r?\n/)
    expect(header).toContain('模板')
    expect(first).toContain('密码重置')
    expect(first).not.toContain('auth.password_reset')
    // The language as words too.
    expect(first).toMatch(/英语|简体中文/)
    expect(first).not.toMatch(/en-US|zh-CN/)
  })
})

describe('sender settings (email-account-save-settinginfo)', () => {
  let companySmtp: TestSmtp
  let platformSmtp: TestSmtp
  let companyAccount: number
  let platformAccount: number
  let hidden: number
  let inactive: number
  let childCompany: number
  const settings = (body: unknown, token = admin, lang?: string) =>
    api.call('/email-account/save-settinginfo', body, { token, lang })
  const choices = async () => api.deps.db.select().from(companyEmailAccounts)

  beforeAll(async () => {
    companySmtp = await startTestSmtp()
    platformSmtp = await startTestSmtp()
    const saved = async (over: Record<string, unknown>) =>
      (await save(account({ dnsRecords: [], password: '', ...over }))).body.data.id as number
    companyAccount = await saved({
      address: 'sender@company-x.example',
      senderName: 'Company X',
      port: companySmtp.port,
      isPublic: true,
    })
    platformAccount = await saved({
      address: 'sender@platform.example',
      senderName: 'Platform',
      port: platformSmtp.port,
      isPublic: false,
    })
    hidden = await saved({ address: 'private@company-x.example', isPublic: false })
    inactive = await saved({ address: 'off@company-x.example', status: 'inactive' })
    const [merchantUser] = await api.deps.db
      .select()
      .from(users)
      .where(eq(users.loginName, 'merchant.user'))
    childCompany = merchantUser.companyId!
  }, 300_000)
  afterAll(async () => {
    await companySmtp?.close()
    await platformSmtp?.close()
  }, 300_000)

  it('shows the platform default, every company with its choice, and the accounts', async () => {
    const res = await api.call('/email-account/settinginfo', {}, { token: auditor })
    expect(res.body.code).toBe(0)
    expect(res.body.data.defaultAccountId).toBeNull()
    expect(res.body.data.companies).toContainEqual(
      expect.objectContaining({ companyId: childCompany, accountId: null }),
    )
    expect(res.body.data.accounts).toContainEqual(
      expect.objectContaining({ id: companyAccount, isPublic: true, status: 'active' }),
    )
    // Reading is the screen's; saving is the settings button's (the auditor views only).
    expect((await settings({ defaultAccountId: null, companies: [] }, auditor)).status).toBe(403)
  }, 300_000)

  it.each([
    ['a company given an account that is not public', 1704, 'companies.0.accountId'],
    ['a company that does not exist', 1705, 'companies.0.companyId'],
    ['an inactive platform default', 1703, 'defaultAccountId'],
  ])(
    'refuses %s beside the field, in both languages, writing nothing',
    async (_, code, field) => {
      const body =
        code === 1703
          ? { defaultAccountId: inactive, companies: [] }
          : {
              defaultAccountId: null,
              companies: [{ companyId: code === 1705 ? 999999 : childCompany, accountId: hidden }],
            }
      const before = await choices()
      for (const lang of ['en_US', 'zh_CN']) {
        const res = await settings(body, admin, lang)
        expect(res.body.code).toBe(code)
        expect(res.body.data.fieldErrors[0].field).toBe(field)
        if (lang === 'zh_CN')
          expect(res.body.data.fieldErrors[0].message).toMatch(/[\u4e00-\u9fff]/)
      }
      expect(await choices()).toEqual(before)
      expect(await chooseAccount(api.deps.db, {})).toBeNull()
    },
    300_000,
  )

  it("a company's mail goes through the account it chose; everyone else's through the platform default", async () => {
    const res = await settings({
      defaultAccountId: platformAccount,
      companies: [{ companyId: childCompany, accountId: companyAccount }],
    })
    expect(res.body.code).toBe(0)
    expect(res.body.data.defaultAccountId).toBe(platformAccount)
    const [entry] = await api.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(entry.action).toBe('email-account.settings')

    // merchant.user belongs to the company that chose Company X: that server, that sender.
    const reset = (loginName: string) =>
      api.call('/public/password/reset/send_email', { loginName })
    expect((await reset('merchant.user')).body.code).toBe(0)
    const viaCompany = await companySmtp.waitFor('merchant.user@vcc.local', 120_000)
    expect(viaCompany.raw).toMatch(/^From: Company X <sender@company-x\.example>/m)
    // company.admin's company chose nothing: the platform default's server and sender.
    expect((await reset('company.admin')).body.code).toBe(0)
    const viaPlatform = await platformSmtp.waitFor('company.admin@vcc.local', 120_000)
    expect(viaPlatform.raw).toMatch(/^From: Platform <sender@platform\.example>/m)
    await api.deps.mailer.idle()
    expect(companySmtp.received.map((m) => m.to[0])).toEqual(['merchant.user@vcc.local'])
    expect(api.smtp.received.some((m) => m === viaCompany || m === viaPlatform)).toBe(false)
  }, 300_000)

  it('back to no choice and no default: the server SMTP_URL sends', async () => {
    const res = await settings({
      defaultAccountId: null,
      companies: [{ companyId: childCompany, accountId: null }],
    })
    expect(res.body.code).toBe(0)
    expect(await choices()).toEqual([])
    expect(
      (await api.call('/public/password/reset/send_email', { loginName: 'merchant.user' })).body
        .code,
    ).toBe(0)
    const mail = await api.smtp.waitFor('merchant.user@vcc.local', 120_000)
    expect(mail.raw).not.toMatch(/company-x\.example/)
    await api.deps.mailer.idle()
  }, 300_000)
})
