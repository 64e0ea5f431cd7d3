import { z } from '@hono/zod-openapi'
import { getTableColumns, inArray } from 'drizzle-orm'
import {
  emailAccounts as definition,
  saveSenderSettings as saveSettingsAction,
  senderSettings,
} from '../../../src/resources/emailAccounts'
import { email, id } from '../../../src/lib/validators'
import { button, menu, PLATFORM_ADMIN } from '../../auth/permissions'
import { audit } from '../../audit'
import { companyEmailAccounts, emailAccounts } from '../../db/schema'
import { action } from '../../http/action'
import { mountAction } from '../../http/mountAction'
import type { AdminApp } from '../../http/context'
import { IdRequest } from '../../http/wire'
import { requireButton } from '../../http/refusals'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { CommonRules } from '../../http/errors'
import {
  accountRow,
  checkAccountDns,
  chooseCompanyAccount,
  saveAccount,
  saveSenderSettings,
  senderSettingsOf,
  sendTestMail,
} from './service'
import { EmailAccountRules } from './rules'

const row = z.object(definition.row.shape).openapi('EmailAccount')

/**
 * Sender e-mail accounts (email-account, -save, -view, -save-settinginfo). List, detail,
 * delete and export are the resource kit's; save is this module's own, because the password
 * is encrypted on the way in and must never reach the audit log the kit writes.
 */
export function registerEmailAccounts(app: AdminApp) {
  registerResource(
    app,
    definition,
    {
      table: emailAccounts,
      id: emailAccounts.id,
      fields: getTableColumns(emailAccounts),
      columns: {
        address: emailAccounts.address,
        createdAt: emailAccounts.createdAt,
        status: emailAccounts.status,
        isPublic: emailAccounts.isPublic,
      },
      toRow: accountRow,
      scope: 'platform-only',
      audit: 'email-account',
      rules: { notFound: EmailAccountRules.notFound },
      hooks: {
        // A company whose chosen account goes back to the platform default.
        async beforeDelete(_ctx, tx, rows) {
          const ids = rows.map((r) => r.id)
          await tx.delete(companyEmailAccounts).where(inArray(companyEmailAccounts.accountId, ids))
        },
      },
    },
    ['list', 'detail', 'delete', 'export'],
  )

  app.openapi(
    action({
      path: '/email-account/save',
      tag: 'email-account',
      summary:
        'Create (no id: needs button email-account:add) or update (id: email-account:edit) a ' +
        'sender account; an empty password on an update keeps the saved one',
      permission: menu('email-account'),
      body: z.object(definition.save.shape).openapi('EmailAccountSaveRequest'),
      data: row,
      rules: [CommonRules.viewOnly, EmailAccountRules.notFound, EmailAccountRules.duplicateAddress],
    }),
    async (c) => {
      const input = c.req.valid('json')
      requireButton(c.var, input.id ? 'email-account:edit' : 'email-account:add')
      return ok(c, await saveAccount(serviceContext(c), c.var.deps, input as never))
    },
  )

  app.openapi(
    action({
      path: '/email-account/check-dns',
      tag: 'email-account',
      summary:
        "Resolves the account's DNS records now and stores expected against observed, verified or not, and when",
      permission: button('email-account:edit'),
      body: IdRequest,
      data: row,
      rules: [EmailAccountRules.notFound],
    }),
    async (c) => {
      const { id: accountId } = c.req.valid('json')
      const saved = await checkAccountDns(c.var.deps, accountId)
      await audit(c, {
        action: 'email-account.dns-check',
        target: `email-account:${accountId}`,
        detail: {
          verified: saved.dnsRecords.filter((r) => r.verified).length,
          of: saved.dnsRecords.length,
        },
      })
      return ok(c, saved)
    },
  )

  app.openapi(
    action({
      path: '/email-account/send-test',
      tag: 'email-account',
      summary:
        'Queues a test mail through the account; the answer names its send record, which shows the outcome',
      permission: button('email-account:edit'),
      body: z.object({ id: id(), to: email }).openapi('EmailAccountTestRequest'),
      data: z.object({ sendRecordId: z.number().int() }),
      rules: [EmailAccountRules.notFound, EmailAccountRules.inactive],
    }),
    async (c) => {
      const body = c.req.valid('json')
      return ok(
        c,
        await sendTestMail(serviceContext(c), c.var.deps, { ...body, language: c.var.lang }),
      )
    },
  )

  app.openapi(
    action({
      path: '/email-account/company-choice',
      tag: 'email-account',
      summary:
        "Sets which sender account sends a company's mail: an active public account, or null for the platform default",
      permission: PLATFORM_ADMIN,
      body: z
        .object({ companyId: id(), accountId: id().nullable() })
        .openapi('EmailAccountCompanyChoice'),
      data: z.object({ companyId: z.number().int(), accountId: z.number().int().nullable() }),
      rules: [EmailAccountRules.notFound, EmailAccountRules.notPublic],
    }),
    async (c) => ok(c, await chooseCompanyAccount(serviceContext(c), c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/email-account/settinginfo',
      tag: 'email-account',
      summary:
        "Which account sends which mail: the platform default, each company's choice, and the accounts to choose from",
      permission: menu('email-account'),
      body: z.object({}).openapi('EmailSenderSettingsRequest'),
      data: z.object(senderSettings.shape).openapi('EmailSenderSettings'),
      rules: [],
    }),
    async (c) => ok(c, await senderSettingsOf(c.var.deps.db)),
  )

  mountAction(app, saveSettingsAction, {
    tag: 'email-account',
    rules: [
      EmailAccountRules.notFound,
      EmailAccountRules.inactive,
      EmailAccountRules.notPublic,
      EmailAccountRules.companyNotFound,
    ],
    run: (ctx, input) => saveSenderSettings(ctx, input),
  })
}
