/**
 * What the browser keeps (spec §3): the user record, the show-menu flag, the opened tabs and
 * the cached menu list in localStorage (shared by the tabs of one browser); the version marker
 * in sessionStorage. One key per record, JSON-encoded.
 */
import { STORAGE_KEYS, type StorageKey } from '../lib/storageKeys'

export { STORAGE_KEYS, type StorageKey }

export function readJson<T>(key: StorageKey, fallback: T, store?: Storage): T {
  try {
    // Inside the try: where there is no storage (the build's server render), the fallback.
    const raw = (store ?? localStorage).getItem(key)
    return raw === null ? fallback : (JSON.parse(raw) as T)
  } catch {
    return fallback
  }
}

export function writeJson(key: StorageKey, value: unknown, store: Storage = localStorage): void {
  store.setItem(key, JSON.stringify(value))
}

export function removeKey(key: StorageKey, store: Storage = localStorage): void {
  store.removeItem(key)
}

/** The signed-in user as the browser keeps it (spec §3 User info). */
export interface UserRecord {
  userName: string
  nickName: string
  avatar: string
  token: string
  language: string
  timezone: string
  landingPage: string
  idleSeconds: number
  warningSeconds: number
  /** Sign-in step the token is good for; only 'full' opens the console (absent: 'full'). */
  stage?: 'full' | 'verify_code' | 'change_password'
}

export const readUser = () => readJson<UserRecord | null>(STORAGE_KEYS.user, null)
export const writeUser = (user: UserRecord) => writeJson(STORAGE_KEYS.user, user)

/** A finished sign-in: a token still at the verification-code or password step is not one. */
export function hasFullSession(): boolean {
  const user = readUser()
  return !!user?.token && (user.stage ?? 'full') === 'full'
}

/** Signing out forgets everything that belongs to the user; language and theme stay. */
export function clearSessionStorage(): void {
  for (const key of [
    STORAGE_KEYS.user,
    STORAGE_KEYS.tabs,
    STORAGE_KEYS.menuList,
    STORAGE_KEYS.activity,
  ]) {
    removeKey(key)
  }
}
