import { and, eq } from 'drizzle-orm'
import type { SaveOf } from '../../../src/resources/kit'
import type { emailTemplates as definition } from '../../../src/resources/emailTemplates'
import {
  mailEventSpec,
  sampleVariables,
  type MailEvent,
  type MailLanguage,
} from '../../../src/lib/mailEvents'
import { audit } from '../../audit'
import { emailTemplates, emailTemplateVersions } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import { BizError } from '../../http/errors'
import { fieldRefusal, requireButton } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import { requireHit, type Limit } from '../../auth/throttle'
import {
  checkTemplate,
  renderPools,
  renderText,
  TemplateRenderError,
  type RenderedMail,
  type TemplateField,
  type TemplateProblem,
} from '../../mail/templates/engine'
import { recordChoices, recordVariables, type RecordChoice } from './queries'
import { EmailTemplateRules as R } from './rules'

type SaveInput = SaveOf<typeof definition>

const FIELD_LABEL = { title: 'mailTemplate:title', content: 'mailTemplate:content' } as const

/**
 * The problems as the form's field errors: one per field, its problems one per line, each
 * saying its line and why, in the caller's language.
 */
function invalid(ctx: ServiceContext, problems: TemplateProblem[]): BizError {
  const byField = new Map<TemplateField, string[]>()
  for (const p of problems) {
    const message = ctx.t(p.key, { ...p.params, line: p.line })
    byField.set(p.field, [...(byField.get(p.field) ?? []), message])
  }
  return new BizError(
    R.invalid,
    {},
    {
      fieldErrors: [...byField].map(([field, messages]) => ({
        field,
        message: messages.join('\n'),
      })),
    },
  )
}

function requireValid(
  ctx: ServiceContext,
  event: MailEvent,
  text: { title: string; content: string },
) {
  const problems = checkTemplate(event, text)
  if (problems.length) throw invalid(ctx, problems)
}

/**
 * Renders the text with its event's sample values, as a mail would be: a template that runs
 * past the render limits (or fails on the values) is refused before it is saved (3907), so a
 * saved template never stalls a mail. The field error says which field, the line and why.
 */
async function requireRenders(
  ctx: ServiceContext,
  event: MailEvent,
  text: { title: string; content: string },
) {
  try {
    await renderText(text, sampleVariables(event), renderPools.preview)
  } catch (e) {
    if (!(e instanceof TemplateRenderError)) throw e
    throw new BizError(
      R.renderRefused,
      {},
      {
        fieldErrors: [
          {
            field: e.field,
            message: ctx.t('validation:templateRenderRefused', { line: e.line, reason: e.reason }),
          },
        ],
      },
    )
  }
}

/**
 * Previews per user per minute: an editor previews 400 ms after the last keystroke, so a
 * minute of typing stays well below; a script asking for more is refused (429).
 */
export const PREVIEW_LIMIT: Limit = { name: 'email-template.preview', max: 30, windowSeconds: 60 }

const duplicate = (ctx: ServiceContext, language: MailLanguage) =>
  fieldRefusal(ctx, R.duplicate, 'language', 'refusals:emailTemplate.duplicate', {
    language: ctx.t(`mailTemplate:languages.${language}`),
  })

/**
 * Saves a template as its next version (a new one as version 1): checked first (parses, only
 * the event's variables, at most 100 KB), then the template row and its version row written
 * with the audit entry in one transaction. An existing template keeps its event and language.
 */
export async function saveTemplate(ctx: ServiceContext, input: SaveInput): Promise<number> {
  const { id, event, language, name, title, content } = input
  requireButton(ctx, id ? 'email-template:edit' : 'email-template:add')
  requireValid(ctx, event, { title, content })
  await requireRenders(ctx, event, { title, content })
  const now = ctx.clock.now()
  const actorId = ctx.actor.userId
  try {
    return await ctx.db.transaction(async (tx) => {
      let templateId: number
      let version: number
      if (id) {
        const [current] = await tx
          .select()
          .from(emailTemplates)
          .where(eq(emailTemplates.id, id))
          .for('update')
        if (!current) throw new BizError(R.notFound)
        if (current.event !== event || current.language !== language) {
          throw fieldRefusal(
            ctx,
            R.eventFixed,
            current.event !== event ? 'event' : 'language',
            'refusals:emailTemplate.eventFixed',
          )
        }
        version = current.version + 1
        await tx
          .update(emailTemplates)
          .set({ name, title, content, version, updatedBy: actorId, updatedAt: now })
          .where(eq(emailTemplates.id, id))
        templateId = id
      } else {
        const [clash] = await tx
          .select({ id: emailTemplates.id })
          .from(emailTemplates)
          .where(and(eq(emailTemplates.event, event), eq(emailTemplates.language, language)))
        if (clash) throw duplicate(ctx, language)
        version = 1
        const [made] = await tx
          .insert(emailTemplates)
          .values({
            event,
            language,
            name,
            title,
            content,
            version,
            updatedBy: actorId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: emailTemplates.id })
        templateId = made.id
      }
      await tx.insert(emailTemplateVersions).values({
        templateId,
        version,
        name,
        title,
        content,
        createdBy: actorId,
        createdAt: now,
      })
      await audit(
        ctx,
        {
          action: id ? 'email-template.update' : 'email-template.create',
          target: `email-template:${templateId}`,
          detail: { event, language, version },
        },
        tx,
      )
      return templateId
    })
  } catch (e) {
    if (isUniqueViolation(e, 'email_templates_event_language_unique'))
      throw duplicate(ctx, language)
    throw e
  }
}

export interface PreviewInput {
  event: MailEvent
  language: MailLanguage
  title: string
  content: string
  recordId?: number
}

/**
 * Renders the editor's text (not the saved one) with sample values, or with a real record of
 * the event's kind that the caller reaches. `language` is the template's: it is echoed so the
 * console can label the frame; the text itself is whatever the editor holds.
 */
export async function previewTemplate(
  ctx: ServiceContext,
  input: PreviewInput,
): Promise<RenderedMail> {
  requireValid(ctx, input.event, input)
  if (ctx.actor)
    await requireHit(ctx.db, PREVIEW_LIMIT, `user:${ctx.actor.userId}`, ctx.clock.now())
  let variables: Record<string, string | number> = sampleVariables(input.event)
  if (input.recordId !== undefined) {
    const fromRecord = await recordVariables(ctx, input.event, input.recordId)
    if (!fromRecord) throw new BizError(R.recordNotFound)
    variables = fromRecord
  }
  try {
    return await renderText(input, variables, renderPools.preview)
  } catch (e) {
    if (!(e instanceof TemplateRenderError)) throw e
    throw new BizError(R.renderStopped, {
      line: e.line,
      field: ctx.t(FIELD_LABEL[e.field]),
      reason: e.reason,
    })
  }
}

/** The records a preview of `event` may use, or none when its event has no kind of record. */
export async function previewRecords(
  ctx: ServiceContext,
  event: MailEvent,
  keyword: string,
): Promise<RecordChoice[]> {
  const kind = mailEventSpec(event).record
  return kind ? recordChoices(ctx, kind, keyword) : []
}
