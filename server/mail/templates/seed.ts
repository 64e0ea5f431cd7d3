import type { Db } from '../../db/client'
import { emailTemplates, emailTemplateVersions } from '../../db/schema'
import type { MailEvent, MailLanguage } from '../../../src/lib/mailEvents'

interface SeededTemplate {
  name: string
  title: string
  content: string
}

/**
 * The first version of every event's template in both languages. The four mails the product
 * sent before templates (sign-in code, password reset, registration received, group below
 * threshold) keep their words exactly: their plain-text part renders to the text the code
 * wrote (seed.test.ts compares them), so moving a call site onto its template changes no text.
 */
const SEEDED_TEMPLATES: Record<MailEvent, Record<MailLanguage, SeededTemplate>> = {
  'password-reset': {
    'en-US': {
      name: 'Password reset',
      title: 'Reset your VCC Management Platform password',
      content: [
        '<p>Hello {{ name }},</p>',
        '<p>A password reset was requested for the account {{ loginName }}. Open this link to choose a new password:</p>',
        '<p><a href="{{ link }}">{{ link }}</a></p>',
        '<p>The link is valid for {{ minutes }} minutes and works once. If you did not ask for this, ignore this e-mail: your password stays the same.</p>',
      ].join('\n'),
    },
    'zh-CN': {
      name: '密码重置',
      title: '重置您的 VCC 管理平台密码',
      content: [
        '<p>{{ name }}，您好：</p>',
        '<p>账户 {{ loginName }} 申请了密码重置。请打开以下链接设置新密码：</p>',
        '<p><a href="{{ link }}">{{ link }}</a></p>',
        '<p>该链接在 {{ minutes }} 分钟内有效，且只能使用一次。如果这不是您本人的申请，请忽略此邮件，您的密码不会改变。</p>',
      ].join('\n'),
    },
  },
  'signin-code': {
    'en-US': {
      name: 'Sign-in verification code',
      title: 'Your VCC Management Platform verification code',
      content: [
        '<p>Hello {{ name }},</p>',
        '<p>Your verification code is <strong>{{ code }}</strong>.<br>It is valid for {{ minutes }} minutes.</p>',
        '<p>If you did not try to sign in, please change your password.</p>',
      ].join('\n'),
    },
    'zh-CN': {
      name: '登录验证码',
      title: '您的 VCC 管理平台验证码',
      content: [
        '<p>{{ name }}，您好：</p>',
        '<p>您的验证码是 <strong>{{ code }}</strong>。<br>有效期为 {{ minutes }} 分钟。</p>',
        '<p>如果这不是您本人的登录操作，请修改密码。</p>',
      ].join('\n'),
    },
  },
  'registration-received': {
    'en-US': {
      name: 'Merchant registration received',
      title: 'We received your merchant registration',
      content: [
        '<p>Hello {{ name }},</p>',
        '<p>Thank you for registering {{ companyName }} on VCC Management Platform. Your application number is {{ registrationId }}.</p>',
        '<p>We will review your application and send the result to this e-mail address.</p>',
        '<p>If you did not submit this registration, please ignore this e-mail.</p>',
      ].join('\n'),
    },
    'zh-CN': {
      name: '商户注册已收到',
      title: '我们已收到您的商户注册申请',
      content: [
        '<p>{{ name }}，您好：</p>',
        '<p>感谢您在 VCC 管理平台注册 {{ companyName }}。您的申请编号为 {{ registrationId }}。</p>',
        '<p>我们将审核您的申请，并将结果发送到此邮箱。</p>',
        '<p>如果这不是您提交的注册申请，请忽略此邮件。</p>',
      ].join('\n'),
    },
  },
  'registration-approved': {
    'en-US': {
      name: 'Merchant registration approved',
      title: 'Your merchant registration is approved',
      content: [
        '<p>Hello {{ name }},</p>',
        '<p>Your registration of {{ companyName }} (application number {{ registrationId }}) has been approved.</p>',
        '<p>You can sign in to VCC Management Platform here:</p>',
        '<p><a href="{{ loginUrl }}">{{ loginUrl }}</a></p>',
      ].join('\n'),
    },
    'zh-CN': {
      name: '商户注册已通过',
      title: '您的商户注册申请已通过',
      content: [
        '<p>{{ name }}，您好：</p>',
        '<p>您为 {{ companyName }} 提交的注册申请（申请编号 {{ registrationId }}）已通过审核。</p>',
        '<p>您可以在此登录 VCC 管理平台：</p>',
        '<p><a href="{{ loginUrl }}">{{ loginUrl }}</a></p>',
      ].join('\n'),
    },
  },
  'registration-rejected': {
    'en-US': {
      name: 'Merchant registration rejected',
      title: 'Your merchant registration was not approved',
      content: [
        '<p>Hello {{ name }},</p>',
        '<p>We are sorry: your registration of {{ companyName }} (application number {{ registrationId }}) was not approved.</p>',
        '<p>Reason: {{ reason }}</p>',
        '<p>You are welcome to register again once this is resolved.</p>',
      ].join('\n'),
    },
    'zh-CN': {
      name: '商户注册未通过',
      title: '您的商户注册申请未通过',
      content: [
        '<p>{{ name }}，您好：</p>',
        '<p>很抱歉，您为 {{ companyName }} 提交的注册申请（申请编号 {{ registrationId }}）未通过审核。</p>',
        '<p>原因：{{ reason }}</p>',
        '<p>问题解决后，欢迎您重新注册。</p>',
      ].join('\n'),
    },
  },
  'admin-activation': {
    'en-US': {
      name: 'Administrator activation',
      title: 'Activate your VCC Management Platform account',
      content: [
        '<p>Hello {{ name }},</p>',
        '<p>An administrator account {{ loginName }} was created for you on VCC Management Platform. Open this link to set your password and activate it:</p>',
        '<p><a href="{{ link }}">{{ link }}</a></p>',
        '<p>The link is valid for {{ minutes }} minutes and works once.</p>',
      ].join('\n'),
    },
    'zh-CN': {
      name: '管理员账户激活',
      title: '激活您的 VCC 管理平台账户',
      content: [
        '<p>{{ name }}，您好：</p>',
        '<p>已在 VCC 管理平台为您创建管理员账户 {{ loginName }}。请打开以下链接设置密码并激活账户：</p>',
        '<p><a href="{{ link }}">{{ link }}</a></p>',
        '<p>该链接在 {{ minutes }} 分钟内有效，且只能使用一次。</p>',
      ].join('\n'),
    },
  },
  'group-below-threshold': {
    'en-US': {
      name: 'Shared card group below threshold',
      title: 'Shared card group {{ name }} is below its warning threshold',
      content: [
        '<p>Hello {{ user }},</p>',
        '<p>The shared card group {{ name }} of {{ merchant }} has {{ available }} available, below its warning threshold of {{ threshold }} % of the deposit ({{ deposit }}).<br>Top up the group to keep its cards spending.</p>',
        '<p>VCC Management Platform</p>',
      ].join('\n'),
    },
    'zh-CN': {
      name: '共享卡组低于预警阈值',
      title: '共享卡组 {{ name }} 已低于预警阈值',
      content: [
        '<p>{{ user }}，您好：</p>',
        '<p>{{ merchant }} 的共享卡组 {{ name }} 可用余额为 {{ available }}，已低于存款（{{ deposit }}）的预警阈值 {{ threshold }} %。<br>请为该组充值，以免其卡无法消费。</p>',
        '<p>VCC 管理平台</p>',
      ].join('\n'),
    },
  },
  'invoice-issued': {
    'en-US': {
      name: 'Invoice issued',
      title: 'Invoice {{ invoiceNo }} for {{ companyName }}',
      content: [
        '<p>Hello {{ name }},</p>',
        '<p>Invoice {{ invoiceNo }} of {{ amount }} has been issued to {{ companyName }}. It is due on {{ dueDate }}.</p>',
        '<p>View and download it here:</p>',
        '<p><a href="{{ link }}">{{ link }}</a></p>',
      ].join('\n'),
    },
    'zh-CN': {
      name: '发票已开具',
      title: '{{ companyName }} 的发票 {{ invoiceNo }}',
      content: [
        '<p>{{ name }}，您好：</p>',
        '<p>已向 {{ companyName }} 开具发票 {{ invoiceNo }}，金额 {{ amount }}，到期日为 {{ dueDate }}。</p>',
        '<p>您可以在此查看和下载：</p>',
        '<p><a href="{{ link }}">{{ link }}</a></p>',
      ].join('\n'),
    },
  },
  'report-ready': {
    'en-US': {
      name: 'Scheduled report ready',
      title: 'Your report {{ reportName }} is ready',
      content: [
        '<p>Hello {{ name }},</p>',
        '<p>The report {{ reportName }} for {{ period }} is ready.</p>',
        '<p><a href="{{ link }}">{{ link }}</a></p>',
      ].join('\n'),
    },
    'zh-CN': {
      name: '定时报表已生成',
      title: '您的报表 {{ reportName }} 已生成',
      content: [
        '<p>{{ name }}，您好：</p>',
        '<p>{{ period }} 的报表 {{ reportName }} 已生成。</p>',
        '<p><a href="{{ link }}">{{ link }}</a></p>',
      ].join('\n'),
    },
  },
}

/**
 * Writes the seeded template of every event and language that has none yet, as version 1.
 * Runs at every start (like the menus), so a database made before an event existed gets its
 * templates too; a template an operator changed is never touched.
 */
export async function seedEmailTemplates(db: Db): Promise<number> {
  const rows = Object.entries(SEEDED_TEMPLATES).flatMap(([event, byLanguage]) =>
    Object.entries(byLanguage).map(([language, t]) => ({ event, language, ...t, version: 1 })),
  )
  const created = await db
    .insert(emailTemplates)
    .values(rows)
    .onConflictDoNothing({ target: [emailTemplates.event, emailTemplates.language] })
    .returning()
  if (created.length) {
    await db.insert(emailTemplateVersions).values(
      created.map((t) => ({
        templateId: t.id,
        version: 1,
        name: t.name,
        title: t.title,
        content: t.content,
      })),
    )
  }
  return created.length
}
