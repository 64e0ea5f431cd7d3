import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAIL_EVENTS, MAIL_LANGUAGES, sampleVariables } from '../../../src/lib/mailEvents'
import {
  auditLog,
  companies,
  emailTemplates,
  emailTemplateVersions,
  menus,
  roleMenus,
  roles,
  users,
} from '../../db/schema'
import { translator } from '../../i18n'
import { renderTemplate } from '../../mail/templates/render'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
let admin: string
let auditor: string
let merchantUser: string

const save = (body: Record<string, unknown>, token = admin, lang?: string) =>
  api.call('/email-template/save', body, { token, lang })
const preview = (body: Record<string, unknown>, token = admin, lang?: string) =>
  api.call('/email-template/preview', body, { token, lang })

async function template(event: string, language: string) {
  const [row] = await api.deps.db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.event, event), eq(emailTemplates.language, language)))
  return row
}

async function versionCount() {
  const [{ n }] = await api.deps.db.select({ n: count() }).from(emailTemplateVersions)
  return Number(n)
}

async function userId(loginName: string) {
  const [u] = await api.deps.db.select().from(users).where(eq(users.loginName, loginName))
  return u.id
}

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, auditor, merchantUser] = await Promise.all(
    ['admin', 'auditor', 'merchant.user'].map((n) => sessionFor(api, n)),
  )
})
afterAll(() => api.close())

describe('seeded templates', () => {
  it('gives every event a template in both languages, as version 1', async () => {
    const rows = await api.deps.db.select().from(emailTemplates)
    expect(rows).toHaveLength(MAIL_EVENTS.length * MAIL_LANGUAGES.length)
    for (const event of MAIL_EVENTS)
      for (const language of MAIL_LANGUAGES)
        expect(rows.find((r) => r.event === event && r.language === language)?.version).toBe(1)
    expect(await versionCount()).toBe(rows.length)
  })

  // The four mails sent before templates existed keep their words exactly once moved.
  it.each(MAIL_LANGUAGES)('renders the mails of today with their words (%s)', async (language) => {
    const t = translator(language)
    const cases = [
      {
        event: 'password-reset' as const,
        values: {
          name: 'Ana',
          loginName: 'ana',
          link: 'https://x.example/r?token=a&b',
          minutes: 30,
        },
        subject: t('refusals:auth.mail.resetSubject'),
        text: (v: Record<string, unknown>) => t('refusals:auth.mail.resetText', v),
      },
      {
        event: 'signin-code' as const,
        values: { name: 'Ana', code: '123456', minutes: 10 },
        subject: t('refusals:auth.mail.codeSubject'),
        text: (v: Record<string, unknown>) => t('refusals:auth.mail.codeText', v),
      },
      {
        event: 'registration-received' as const,
        values: { name: 'Ana <Lee>', companyName: 'A & B Ltd', registrationId: 7 },
        subject: t('refusals:registration.mail.subject'),
        text: (v: Record<string, unknown>) => t('refusals:registration.mail.text', v),
      },
      {
        event: 'group-below-threshold' as const,
        values: {
          user: 'Ana',
          name: 'Ops',
          merchant: 'Skyline',
          available: 'US$180.00',
          deposit: 'US$1,000.00',
          threshold: 20,
        },
        subject: t('refusals:cardGroup.mail.warningSubject', {
          name: 'Ops',
        }),
        text: (v: Record<string, unknown>) => t('refusals:cardGroup.mail.warningText', v),
      },
    ]
    for (const c of cases) {
      const mail = await renderTemplate(api.deps.db, {
        event: c.event,
        language,
        variables: c.values,
      })
      expect(mail.subject).toBe(c.subject)
      expect(mail.text).toBe(c.text(c.values))
      expect(mail.templateVersion).toBe(1)
    }
  })
})

describe('/email-template/list, /detail', () => {
  it('filters by event, language and name', async () => {
    const list = (filters: Record<string, unknown>) =>
      api.call('/email-template/list', { pageNum: 1, pageSize: 50, filters }, { token: auditor })
    expect((await list({})).body.data.total).toBe(MAIL_EVENTS.length * 2)
    const reset = await list({ event: 'password-reset' })
    expect(reset.body.data.list.map((r: { language: string }) => r.language).sort()).toEqual([
      'en-US',
      'zh-CN',
    ])
    const zh = await list({ language: 'zh-CN' })
    expect(zh.body.data.total).toBe(MAIL_EVENTS.length)
    const named = await list({ name: 'verification code' })
    expect(named.body.data.list).toMatchObject([{ event: 'signin-code', language: 'en-US' }])
  })

  it('is refused to a user without the screen', async () => {
    for (const path of ['list', 'detail', 'save', 'preview', 'records']) {
      const res = await api.call(`/email-template/${path}`, {}, { token: merchantUser })
      expect(res.status).toBe(403)
    }
  })
})

describe('/email-template/save', () => {
  it('saves a new version that the next render uses and names', async () => {
    const before = await template('password-reset', 'zh-CN')
    const content = `${before.content}\n<p>登录名：{{ loginName }}，有效 {{ minutes }} 分钟</p>`
    const res = await save({
      id: before.id,
      event: 'password-reset',
      language: 'zh-CN',
      name: before.name,
      title: before.title,
      content,
    })
    expect(res.body.code).toBe(0)
    expect(res.body.data).toMatchObject({ id: before.id, version: 2, updatedBy: 'admin', content })

    const versions = await api.deps.db
      .select()
      .from(emailTemplateVersions)
      .where(eq(emailTemplateVersions.templateId, before.id))
      .orderBy(emailTemplateVersions.version)
    expect(versions.map((v) => v.version)).toEqual([1, 2])
    expect(versions[0].content).toBe(before.content)
    expect(versions[1].content).toBe(content)

    const mail = await renderTemplate(api.deps.db, {
      event: 'password-reset',
      language: 'zh-CN',
      variables: sampleVariables('password-reset'),
    })
    expect(mail).toMatchObject({ templateId: before.id, templateVersion: 2 })
    expect(mail.text).toContain('登录名：alex.chen，有效 30 分钟')
    const [audited] = await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `email-template:${before.id}`))
    expect(audited.action).toBe('email-template.update')
  })

  it('refuses an unknown variable with the line, in the caller language, and changes nothing', async () => {
    const current = await template('password-reset', 'en-US')
    const versions = await versionCount()
    const body = {
      id: current.id,
      event: 'password-reset',
      language: 'en-US',
      name: current.name,
      title: current.title,
      content: '<p>Hello {{ name }}</p>\n<p>\nYour balance: {{ balance }}</p>',
    }
    const en = await save(body)
    expect(en.status).toBe(422)
    expect(en.body.code).toBe(3901)
    expect(en.body.data).toEqual({
      fieldErrors: [
        {
          field: 'content',
          message:
            'Line 3: balance is not a variable of this e-mail. Available: name, loginName, link, minutes',
        },
      ],
    })
    const zh = await save(body, admin, 'zh-CN')
    expect((zh.body.data as { fieldErrors: { message: string }[] }).fieldErrors[0].message).toMatch(
      /^第 3 行：balance 不是此邮件的变量/,
    )
    expect(await template('password-reset', 'en-US')).toEqual(current)
    expect(await versionCount()).toBe(versions)
  })

  it('refuses a template that does not parse, and one over 100 KB, on their fields', async () => {
    const current = await template('signin-code', 'en-US')
    const base = { id: current.id, event: 'signin-code', language: 'en-US', name: current.name }
    const parse = await save({ ...base, title: 'Code {% if code %}', content: current.content })
    expect(parse.body.code).toBe(3901)
    expect(parse.body.data.fieldErrors[0].field).toBe('title')
    expect(parse.body.data.fieldErrors[0].message).toMatch(
      /^Line 1: the template cannot be read \(.*not closed/,
    )
    const big = await save({ ...base, title: current.title, content: '密'.repeat(40_000) })
    expect(big.body.data.fieldErrors).toEqual([
      { field: 'content', message: 'A template may be at most 100 KB' },
    ])
    expect(await template('signin-code', 'en-US')).toEqual(current)
  })

  it('refuses a second template for an event and language, and moving one to another event', async () => {
    const current = await template('report-ready', 'en-US')
    const body = {
      event: 'report-ready',
      language: 'en-US',
      name: 'Again',
      title: 'x',
      content: '<p>x</p>',
    }
    const again = await save(body)
    expect(again.body).toMatchObject({ code: 3903, data: { fieldErrors: [{ field: 'language' }] } })
    const moved = await save({ ...body, id: current.id, event: 'invoice-issued' })
    expect(moved.body).toMatchObject({ code: 3904, data: { fieldErrors: [{ field: 'event' }] } })
    expect(await template('report-ready', 'en-US')).toEqual(current)
  })

  it('is view-only for the auditor: 1403 and nothing written', async () => {
    const current = await template('invoice-issued', 'zh-CN')
    const res = await save(
      {
        id: current.id,
        event: 'invoice-issued',
        language: 'zh-CN',
        name: 'x',
        title: 'x',
        content: '<p>x</p>',
      },
      auditor,
    )
    expect(res.body.code).toBe(1403)
    expect(await template('invoice-issued', 'zh-CN')).toEqual(current)
  })
})

describe('/email-template/preview', () => {
  const reset = { event: 'password-reset', language: 'en-US', title: 'Reset for {{ loginName }}' }

  it('renders the editor text with sample data: subject, HTML and the derived text', async () => {
    const res = await preview({ ...reset, content: '<p>Hi {{ name }}</p><p>{{ minutes }} min</p>' })
    expect(res.body.data).toEqual({
      subject: 'Reset for alex.chen',
      html: '<p>Hi Alex Chen</p><p>30 min</p>',
      text: 'Hi Alex Chen\n\n30 min',
    })
  })

  it('renders with a real user, never with a real reset link', async () => {
    const res = await preview({
      ...reset,
      content: '<p>{{ name }} / {{ link }}</p>',
      recordId: await userId('company.admin'),
    })
    expect(res.body.data.subject).toBe('Reset for company.admin')
    expect(res.body.data.text).toContain(String(sampleVariables('password-reset').link))
  })

  it('refuses an unknown variable like a save', async () => {
    const res = await preview({ ...reset, content: '{{ nope }}' })
    expect(res.body).toMatchObject({ code: 3901, data: { fieldErrors: [{ field: 'content' }] } })
  })

  it('stops a loop that would hold the server, with a clear error', async () => {
    const res = await preview({
      ...reset,
      content:
        '<p>\n{% for i in (1..100000) %}{% for j in (1..100000) %}x{% endfor %}{% endfor %}</p>',
    })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe(3906)
    expect(res.body.msg).toMatch(
      /^The template stopped at line 2 of the Content \(HTML\): .*limit exceeded/,
    )
  })

  describe('reach', () => {
    let companyPreviewer: string
    beforeAll(async () => {
      const db = api.deps.db
      const [role] = await db.insert(roles).values({ name: 'Template previewer' }).returning()
      const [screen] = await db.select().from(menus).where(eq(menus.name, 'email-template'))
      await db.insert(roleMenus).values({ roleId: role.id, menuId: screen.id })
      const [northwind] = await db
        .select()
        .from(companies)
        .where(eq(companies.name, 'Northwind Payments Ltd'))
      await db.insert(users).values({
        loginName: 'template.previewer',
        roleId: role.id,
        companyId: northwind.id,
        passwordHash: 'unused',
      })
      companyPreviewer = await sessionFor(api, 'template.previewer')
    })

    it("offers and renders only records in the caller's reach", async () => {
      const records = await api.call(
        '/email-template/records',
        { event: 'password-reset' },
        { token: companyPreviewer },
      )
      const labels = (records.body.data as { label: string }[]).map((r) => r.label)
      expect(labels.some((l) => l.startsWith('company.admin'))).toBe(true)
      expect(labels.some((l) => l.startsWith('merchant.user'))).toBe(true)
      expect(labels.some((l) => l.startsWith('admin'))).toBe(false)

      const outside = await preview(
        { ...reset, content: '<p>{{ name }}</p>', recordId: await userId('admin') },
        companyPreviewer,
      )
      expect(outside.body.code).toBe(3905)
      const inside = await preview(
        { ...reset, content: '<p>{{ loginName }}</p>', recordId: await userId('merchant.user') },
        companyPreviewer,
      )
      expect(inside.body.data.text).toBe('merchant.user')
      // No registration is in a company's reach.
      const regs = await api.call(
        '/email-template/records',
        { event: 'registration-received' },
        { token: companyPreviewer },
      )
      expect(regs.body.data).toEqual([])
    })

    it('needs the edit button to save, not only the screen', async () => {
      const current = await template('report-ready', 'zh-CN')
      const res = await save(
        {
          id: current.id,
          event: 'report-ready',
          language: 'zh-CN',
          name: 'x',
          title: 'x',
          content: '<p>x</p>',
        },
        companyPreviewer,
      )
      expect(res.body.code).toBe(1403)
    })
  })
})
