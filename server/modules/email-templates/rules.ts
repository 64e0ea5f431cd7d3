import { rule } from '../../http/errors'

/** Business codes of e-mail templates: 3900–3919. */
export const EmailTemplateRules = {
  /** Does not parse, names an unknown variable, or is over 100 KB: field errors say where. */
  invalid: rule(3901, 'refusals:emailTemplate.invalid'),
  notFound: rule(3902, 'refusals:emailTemplate.notFound', 404),
  /** The event already has a template in that language: edit it instead. */
  duplicate: rule(3903, 'refusals:emailTemplate.duplicate'),
  /** A template stays with its event and language; saving it under others is refused. */
  eventFixed: rule(3904, 'refusals:emailTemplate.eventFixed'),
  /** The preview's record does not exist, is out of reach, or is not of the event's kind. */
  recordNotFound: rule(3905, 'refusals:emailTemplate.recordNotFound', 404),
  /** Rendering stopped: a limit (a loop too long, too much output) or a value it could not use. */
  renderStopped: rule(3906, 'refusals:emailTemplate.renderStopped'),
  /**
   * On save: the template cannot be rendered with its event's sample values (it runs past the
   * time or memory limit, or fails on the values); the field error says where and why.
   */
  renderRefused: rule(3907, 'refusals:emailTemplate.renderRefused'),
} as const
