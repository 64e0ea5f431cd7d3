import { rule } from '../../http/errors'

/**
 * The business refusals of sign-in, sessions and passwords (codes 1000–1099). All answer HTTP
 * 422: the console treats 401 as "session expired", which a wrong password is not.
 */
export const AuthRules = {
  badCredentials: rule(1001, 'errors:auth.badCredentials'),
  accountLocked: rule(1002, 'errors:auth.accountLocked'),
  loginFailed: rule(1003, 'errors:auth.loginFailed'),
  codeIncorrect: rule(1004, 'errors:auth.codeIncorrect'),
  codeExpired: rule(1005, 'errors:auth.codeExpired'),
  codeAttemptsExceeded: rule(1006, 'errors:auth.codeAttemptsExceeded'),
  codeResendTooSoon: rule(1007, 'errors:auth.codeResendTooSoon'),
  emailNotConfigured: rule(1008, 'errors:auth.emailNotConfigured'),
  sendMailFailed: rule(1009, 'errors:auth.sendMailFailed'),
  resetLinkInvalid: rule(1010, 'errors:auth.resetLinkInvalid'),
  resetLinkExpired: rule(1011, 'errors:auth.resetLinkExpired'),
  oldPasswordIncorrect: rule(1012, 'errors:auth.oldPasswordIncorrect'),
  samePassword: rule(1013, 'errors:auth.samePassword'),
  wrongStep: rule(1014, 'errors:auth.wrongStep'),
} as const
