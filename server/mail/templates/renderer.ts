import type { MailEvent as TemplateEvent } from '../../../src/lib/mailEvents'
import { codeRenderer, type MailEvent, type MailRenderer } from '../render'
import { renderTemplate } from './render'

/**
 * The outbox's events (the send records' `template` column, kept from before the outbox) and
 * the template event that writes each one. An event with no template (the sender account's
 * test mail, a technical message an operator triggers) keeps its text in code.
 */
const TEMPLATE_OF: Partial<Record<MailEvent, TemplateEvent>> = {
  'auth.signin_code': 'signin-code',
  'auth.password_reset': 'password-reset',
  'merchant-registration-received': 'registration-received',
  'card-group.warning': 'group-below-threshold',
}

/** The mail of every event from its saved template (the version used goes on the record). */
export const templateRenderer: MailRenderer = {
  async render(db, request) {
    const event = TEMPLATE_OF[request.event]
    if (!event) return codeRenderer.render(db, request)
    return renderTemplate(db, { event, language: request.language, variables: request.variables })
  },
}
