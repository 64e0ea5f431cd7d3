import { emitApiEvent } from './events'
import { STORAGE_KEYS, writeJson, writeUser } from './storage'

/** The login answer's data (POST /admin/login, /login/verifyCode, /public/password/updatePermissions). */
export interface SignInData {
  token: string
  stage: 'full' | 'verify_code' | 'change_password'
  idleSeconds: number
  warningSeconds: number
  user: {
    userName: string
    nickName: string
    avatar: string
    language: string
    timezone: string
    landingPage: string
  }
}

/**
 * Keeps the session in the browser (every tab sees it) and tells the session machine. Called
 * by the sign-in screens with any stage: an unfinished stage keeps the token for its next step.
 */
export function completeSignIn(data: SignInData): void {
  writeUser({
    ...data.user,
    token: data.token,
    idleSeconds: data.idleSeconds,
    warningSeconds: data.warningSeconds,
    stage: data.stage,
  })
  writeJson(STORAGE_KEYS.activity, Date.now())
  if (data.stage === 'full') emitApiEvent({ type: 'session.signedIn' })
}
