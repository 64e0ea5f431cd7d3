import { rule } from '../../http/errors'

/**
 * The business refusals of sign-in, sessions and passwords (codes 1000–1099). All answer HTTP
 * 422: the console treats 401 as "session expired", which a wrong password is not.
 */
export const AuthRules = {
  badCredentials: rule(1001, 'refusals:auth.badCredentials'),
  accountLocked: rule(1002, 'refusals:auth.accountLocked'),
  loginFailed: rule(1003, 'refusals:auth.loginFailed'),
  codeIncorrect: rule(1004, 'refusals:auth.codeIncorrect'),
  codeExpired: rule(1005, 'refusals:auth.codeExpired'),
  codeAttemptsExceeded: rule(1006, 'refusals:auth.codeAttemptsExceeded'),
  codeResendTooSoon: rule(1007, 'refusals:auth.codeResendTooSoon'),
  emailNotConfigured: rule(1008, 'refusals:auth.emailNotConfigured'),
  sendMailFailed: rule(1009, 'refusals:auth.sendMailFailed'),
  resetLinkInvalid: rule(1010, 'refusals:auth.resetLinkInvalid'),
  resetLinkExpired: rule(1011, 'refusals:auth.resetLinkExpired'),
  oldPasswordIncorrect: rule(1012, 'refusals:auth.oldPasswordIncorrect'),
  samePassword: rule(1013, 'refusals:auth.samePassword'),
  wrongStep: rule(1014, 'refusals:auth.wrongStep'),
  /** The account's allowed IP ranges (set on the administrators screen) exclude the caller. */
  addressNotAllowed: rule(1015, 'refusals:auth.addressNotAllowed'),
} as const
