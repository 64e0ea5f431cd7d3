import { TEMPLATE_OF_SENT } from '../../../src/lib/mailEvents'
import { codeRenderer, type MailRenderer } from '../render'
import { TemplateRenderError } from './engine'
import { renderTemplate } from './render'

/**
 * The mail of every event from its saved template (the version used goes on the record). A
 * template that cannot be rendered (stopped by a limit, or failing on the values) never fails
 * the call that sends the mail (a password reset is a public call): the mail goes with the
 * built-in text of its event instead, and the record names no template.
 */
export const templateRenderer: MailRenderer = {
  async render(db, request) {
    // An event with no template (the sender account's test mail) keeps its text in code.
    const event = TEMPLATE_OF_SENT[request.event]
    if (!event) return codeRenderer.render(db, request)
    try {
      return await renderTemplate(db, {
        event,
        language: request.language,
        variables: request.variables,
      })
    } catch (e) {
      if (!(e instanceof TemplateRenderError)) throw e
      return codeRenderer.render(db, request)
    }
  },
}
