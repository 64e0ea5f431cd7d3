import { TEMPLATE_OF_SENT } from '../../../src/lib/mailEvents'
import { codeRenderer, type MailRenderer } from '../render'
import { renderTemplate } from './render'

/** The mail of every event from its saved template (the version used goes on the record). */
export const templateRenderer: MailRenderer = {
  async render(db, request) {
    // An event with no template (the sender account's test mail) keeps its text in code.
    const event = TEMPLATE_OF_SENT[request.event]
    if (!event) return codeRenderer.render(db, request)
    return renderTemplate(db, { event, language: request.language, variables: request.variables })
  },
}
