import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { emailTemplates } from '../../db/schema'
import {
  MAIL_LANGUAGES,
  variablesSchema,
  type MailEvent,
  type MailLanguage,
} from '../../../src/lib/mailEvents'
import { renderText, type RenderedMail } from './engine'

export interface RenderRequest {
  event: MailEvent
  language: MailLanguage
  /** A value of every variable the event declares, of its type (variablesSchema). */
  variables: Record<string, unknown>
}

/** The mail of an event, and which template version made it (the send record names it). */
export interface RenderResult extends RenderedMail {
  templateId?: number
  templateVersion?: number
}

/** The event has no template in the language (never after the seed: both are required). */
export class MissingTemplateError extends Error {
  constructor(
    readonly event: string,
    readonly language: string,
  ) {
    super(`no e-mail template for ${event} in ${language}`)
  }
}

/**
 * Renders the current template of an event in a language: the shape of the outbox's
 * `MailRenderer.render(db, {event, language, variables})`. Values that do not match the
 * event's declared variables are a programming error and throw (zod), as does a template
 * stopped by the limits (TemplateRenderError). Read per call: a save is seen by the next mail
 * on every instance, nothing to invalidate.
 */
export async function renderTemplate(db: Db, req: RenderRequest): Promise<RenderResult> {
  if (!MAIL_LANGUAGES.includes(req.language))
    throw new MissingTemplateError(req.event, req.language)
  const variables = variablesSchema(req.event).parse(req.variables)
  const [template] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.event, req.event), eq(emailTemplates.language, req.language)))
  if (!template) throw new MissingTemplateError(req.event, req.language)
  const rendered = await renderText(template, variables)
  return { ...rendered, templateId: template.id, templateVersion: template.version }
}
