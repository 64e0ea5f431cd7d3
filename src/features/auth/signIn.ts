import type { DataOf } from '../../api/client'
import { completeSignIn } from '../../api/session'
import { landingPath } from '../../lib/screens'

export type LoginAnswer = DataOf<'/login'>

/** Where a sign-in step leads: the next step's page, or the page the user wanted. */
export type NextStep =
  | { to: '/vaildatecode'; from?: string }
  | { to: '/firstTimeLogin'; from?: string }
  | { href: string }

/**
 * Only a path of this console is a place to return to after sign-in: never another site
 * (//evil.example), never a sign-in page again.
 */
export function safeFrom(from: string | undefined): string | undefined {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return undefined
  }
  // The guard may hand over the path with or without the base path (/vcc/...).
  const local = from.startsWith(__BASE_PATH__) ? `/${from.slice(__BASE_PATH__.length)}` : from
  if (/^\/(login|firstTimeLogin|vaildatecode)(\?|#|$)/.test(local)) return undefined
  return from
}

/** Hands the answer to the session and says where to go next. */
export function afterSignIn(answer: LoginAnswer, from: string | undefined): NextStep {
  completeSignIn(answer)
  if (answer.stage === 'verify_code') return { to: '/vaildatecode', from }
  if (answer.stage === 'change_password') return { to: '/firstTimeLogin', from }
  return { href: safeFrom(from) ?? landingPath(answer.user.landingPage) }
}
