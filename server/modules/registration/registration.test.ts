import { count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, merchantRegistrations, sendRecords } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'

let api: TestApi

beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api.close())

const valid = {
  companyName: 'Harbour Freight Pte',
  contactName: 'Mei Tan',
  email: 'Mei.Tan@harbour.example',
  country: 'sg',
  registrationNo: '202412345K',
  address: '1 Harbourfront Ave, Singapore',
  agreeServiceAgreement: true,
  agreePrivacyPolicy: true,
}

const register = (body: unknown, lang?: string) =>
  api.call('/public/merchant/register', body, { lang })

async function stored() {
  const [{ n }] = await api.deps.db.select({ n: count() }).from(merchantRegistrations)
  return Number(n)
}

describe('/public/merchant/register', () => {
  it('stores the registration as submitted and e-mails an acknowledgement', async () => {
    const res = await register(valid)
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(0)
    expect(res.body.data).toEqual({ registrationId: expect.any(Number), status: 'submitted' })
    const [row] = await api.deps.db
      .select()
      .from(merchantRegistrations)
      .where(eq(merchantRegistrations.id, res.body.data.registrationId))
    expect(row).toMatchObject({
      companyName: 'Harbour Freight Pte',
      contactName: 'Mei Tan',
      email: 'mei.tan@harbour.example',
      country: 'SG',
      registrationNo: '202412345K',
      referralCode: '',
      status: 'submitted',
      rejectedReason: null,
    })

    const mail = await api.smtp.waitFor('mei.tan@harbour.example')
    expect(mail.raw).toContain('We received your merchant registration')
    expect(mail.text).toContain(`application number is ${res.body.data.registrationId}`)
    // The SMTP server has it; the send record is written just after.
    await api.deps.mailer.idle()
    const [record] = await api.deps.db
      .select()
      .from(sendRecords)
      .where(eq(sendRecords.template, 'merchant-registration-received'))
    expect(record).toMatchObject({ to: 'mei.tan@harbour.example', status: 'sent' })

    const [entry] = await api.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(entry).toMatchObject({
      action: 'registration.submit',
      target: `registration:${res.body.data.registrationId}`,
      userId: null,
    })
  })

  it('refuses a second pending registration for the same address, in any case', async () => {
    const before = await stored()
    const res = await register({ ...valid, email: 'MEI.TAN@harbour.example' })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe(1511)
    const message =
      'A registration for mei.tan@harbour.example is already waiting for review. We will e-mail you the result.'
    expect(res.body.msg).toBe(message)
    // Tied to its field: the wizard routes it back to the step with the e-mail address.
    expect(res.body.data.fieldErrors).toEqual([{ field: 'email', message }])
    expect(await stored()).toBe(before)
  })

  it('accepts a new registration once the earlier one was decided', async () => {
    await api.deps.db
      .update(merchantRegistrations)
      .set({ status: 'rejected', rejectedReason: 'Incomplete documents' })
      .where(eq(merchantRegistrations.email, 'mei.tan@harbour.example'))
    const res = await register(valid)
    expect(res.body.code).toBe(0)
    await api.smtp.waitFor('mei.tan@harbour.example')
  })

  it('lets only one of two simultaneous submissions for an address through', async () => {
    const body = { ...valid, email: 'twice@harbour.example' }
    const [a, b] = await Promise.all([register(body), register(body)])
    expect([a.body.code, b.body.code].sort()).toEqual([0, 1511])
    await api.smtp.waitFor('twice@harbour.example')
  })

  it('writes in Chinese for zh_CN', async () => {
    const body = { ...valid, email: 'zh@harbour.example', referralCode: 'BHH001' }
    const res = await register(body, 'zh_CN')
    expect(res.body.code).toBe(0)
    await api.smtp.waitFor('zh@harbour.example')
    // The send record keeps subject and text as written (the raw mail has them MIME-encoded).
    const [record] = await api.deps.db
      .select()
      .from(sendRecords)
      .where(eq(sendRecords.to, 'zh@harbour.example'))
    expect(record.subject).toBe('我们已收到您的商户注册申请')
    expect(record.body).toContain(`您的申请编号为 ${res.body.data.registrationId}`)
    const dup = await register(body, 'zh_CN')
    expect(dup.body.msg).toBe(
      'zh@harbour.example 的注册申请正在等待审核，审核结果将通过邮件通知您。',
    )
  })

  it('refuses an unknown referral code as a field error', async () => {
    const before = await stored()
    const res = await register({ ...valid, email: 'ref@harbour.example', referralCode: 'NOPE' })
    expect(res.body.code).toBe(1512)
    expect(res.body.data.fieldErrors).toEqual([
      { field: 'referralCode', message: 'The referral code is not valid' },
    ])
    expect(await stored()).toBe(before)
  })

  it.each([
    [
      'no service agreement',
      { agreeServiceAgreement: undefined },
      'agreeServiceAgreement',
      'Please read and accept the Master Service Agreement',
    ],
    [
      'service agreement declined',
      { agreeServiceAgreement: false },
      'agreeServiceAgreement',
      'Please read and accept the Master Service Agreement',
    ],
    [
      'no privacy policy',
      { agreePrivacyPolicy: undefined },
      'agreePrivacyPolicy',
      'Please read and accept the Privacy Policy',
    ],
    [
      'privacy policy declined',
      { agreePrivacyPolicy: false },
      'agreePrivacyPolicy',
      'Please read and accept the Privacy Policy',
    ],
    ['an unknown country', { country: 'XX' }, 'country', 'Unknown country or region'],
    ['a country name', { country: 'Singapore' }, 'country', 'Unknown country or region'],
    ['a bad e-mail', { email: 'not-an-address' }, 'email', 'Must be email'],
    ['no e-mail', { email: '' }, 'email', 'Please enter your email address'],
    ['no company name', { companyName: '' }, 'companyName', 'Cannot be empty'],
    ['no contact name', { contactName: undefined }, 'contactName', 'Cannot be empty'],
    ['a long company name', { companyName: 'c'.repeat(101) }, 'companyName', undefined],
    ['a long address', { address: 'a'.repeat(501) }, 'address', undefined],
    ['no registration no', { registrationNo: ' ' }, 'registrationNo', 'Cannot be empty'],
  ])('refuses %s with 400, storing and sending nothing', async (_l, change, field, msg) => {
    const before = await stored()
    const [{ sent }] = await api.deps.db.select({ sent: count() }).from(sendRecords)
    const res = await register({ ...valid, email: 'bad@harbour.example', ...change })
    expect(res.status).toBe(400)
    const fe = res.body.data.fieldErrors.find((f: { field: string }) => f.field === field)
    expect(fe).toBeDefined()
    if (msg) expect(fe.message).toBe(msg)
    expect(await stored()).toBe(before)
    const [{ sent: after }] = await api.deps.db.select({ sent: count() }).from(sendRecords)
    expect(after).toBe(sent)
  })

  it('says the agreement error in Chinese for zh_CN', async () => {
    const res = await register(
      { ...valid, agreeServiceAgreement: false, agreePrivacyPolicy: false },
      'zh_CN',
    )
    expect(res.body.data.fieldErrors).toEqual([
      { field: 'agreeServiceAgreement', message: '请阅读并同意主服务协议' },
      { field: 'agreePrivacyPolicy', message: '请阅读并同意隐私政策' },
    ])
  })
})
