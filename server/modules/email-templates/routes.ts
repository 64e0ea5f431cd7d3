import { z } from '@hono/zod-openapi'
import { eq, getTableColumns } from 'drizzle-orm'
import { MAIL_EVENTS, MAIL_LANGUAGES, TEMPLATE_MAX_BYTES } from '../../../src/lib/mailEvents'
import {
  emailTemplates as definition,
  TEMPLATE_TITLE_MAX,
} from '../../../src/resources/emailTemplates'
import { menu } from '../../auth/permissions'
import { emailTemplates, users } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { iso } from '../../http/wire'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { id, optionalText, safeString } from '../../../src/lib/validators'
import { EmailTemplateRules as R } from './rules'
import { previewRecords, previewTemplate, saveTemplate } from './service'

const PreviewRequest = z
  .object({
    event: z.enum(MAIL_EVENTS),
    language: z.enum(MAIL_LANGUAGES),
    title: safeString().max(TEMPLATE_TITLE_MAX),
    content: safeString().max(TEMPLATE_MAX_BYTES),
    /** A record of the event's kind in the caller's reach; without it, sample values. */
    recordId: id().optional(),
  })
  .openapi('EmailTemplatePreviewRequest')

const Preview = z
  .object({ subject: z.string(), html: z.string(), text: z.string() })
  .openapi('EmailTemplatePreview')

const RecordsRequest = z
  .object({ event: z.enum(MAIL_EVENTS), keyword: optionalText() })
  .openapi('EmailTemplateRecordsRequest')

const RecordChoice = z
  .object({ id: z.number().int(), label: z.string() })
  .openapi('EmailTemplateRecordChoice')

/** E-mail templates (email-template): list, detail and export on the kit; save as versions; preview. */
export function registerEmailTemplates(app: AdminApp) {
  const t = emailTemplates
  const service = registerResource(
    app,
    definition,
    {
      table: t,
      id: t.id,
      fields: { ...getTableColumns(t), updatedByName: users.loginName },
      join: (q) => q.leftJoin(users, eq(users.id, t.updatedBy)),
      joinsForDisplayOnly: true,
      columns: {
        event: t.event,
        name: t.name,
        updatedAt: t.updatedAt,
        language: t.language,
      },
      toRow: ({ updatedByName, updatedBy: _id, ...r }) => ({
        ...r,
        event: r.event as (typeof MAIL_EVENTS)[number],
        language: r.language as (typeof MAIL_LANGUAGES)[number],
        updatedBy: updatedByName ?? '',
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
      }),
      scope: 'platform-only',
      audit: 'email-template',
      rules: { notFound: R.notFound },
    },
    ['list', 'detail', 'export'],
  )

  app.openapi(
    action({
      path: '/email-template/save',
      tag: 'email-template',
      summary:
        'Create (no id: needs button email-template:add) or update (id: needs email-template:edit) ' +
        'an e-mail template; each save is a new version. A template that does not parse, names a ' +
        'variable its event does not declare or is over 100 KB is refused with the line and reason; ' +
        'one that cannot be rendered with sample values within the time and memory limits, 3907',
      permission: menu('email-template'),
      // Rebuilt with this module's `z`, as the kit does (server/resources/routes.ts).
      body: z.object(definition.save.shape).openapi('EmailTemplateSaveRequest'),
      data: z.object(definition.row.shape).openapi('EmailTemplate'),
      rules: [
        CommonRules.viewOnly,
        R.notFound,
        R.invalid,
        R.duplicate,
        R.eventFixed,
        R.renderRefused,
      ],
    }),
    async (c) => {
      const ctx = serviceContext(c)
      const savedId = await saveTemplate(ctx, c.req.valid('json'))
      return ok(c, await service.detail(ctx, savedId))
    },
  )

  app.openapi(
    action({
      path: '/email-template/preview',
      tag: 'email-template',
      summary:
        "Renders the editor's subject and HTML (not the saved template) with sample values or a " +
        "real record of the event's kind in the caller's reach; the text part derived from the HTML. " +
        'In a worker thread with time and memory limits; at most 30 per user per minute (429)',
      permission: menu('email-template'),
      body: PreviewRequest,
      data: Preview,
      rules: [R.invalid, R.recordNotFound, R.renderStopped, CommonRules.tooManyRequests],
    }),
    async (c) => ok(c, await previewTemplate(serviceContext(c), c.req.valid('json'))),
  )

  app.openapi(
    action({
      path: '/email-template/records',
      tag: 'email-template',
      summary:
        "Records a preview of the event may use (users, registrations or card groups in the caller's reach), up to 20, narrowed by a keyword",
      permission: menu('email-template'),
      body: RecordsRequest,
      data: z.array(RecordChoice),
    }),
    async (c) => {
      const body = c.req.valid('json')
      return ok(c, await previewRecords(serviceContext(c), body.event, body.keyword))
    },
  )
}
