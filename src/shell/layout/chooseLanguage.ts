import { call } from '../../api/client'
import { profileQuery } from '../../api/profile'
import { hasFullSession } from '../../api/storage'
import { toast } from '../../components/feedback/toast'
import { setLanguage } from '../../i18n'
import { toWire, type Language } from '../../i18n/languages'
import { queryClient } from '../../queryClient'

export interface LanguageChoiceDeps {
  apply: (lang: Language) => Promise<void>
  save: (wire: string) => Promise<unknown>
  signedIn: () => boolean
  fail: (message: string) => void
}

const live: LanguageChoiceDeps = {
  apply: setLanguage,
  save: async (wire) => {
    const profile = await call('/profile/language', { language: wire as 'en_US' | 'zh_CN' })
    // The settings screen shows the language just saved.
    queryClient.setQueryData(profileQuery().queryKey, profile)
  },
  signedIn: hasFullSession,
  fail: (message) => toast.error(message),
}

/**
 * The header's and the palette's language switch: the console speaks the language at once and,
 * for a signed-in user, the profile keeps it (so the next sign-in, on any browser, opens in it).
 * A sign-in page has no profile to change: there the choice stays the browser's.
 */
export async function chooseLanguage(lang: Language, deps: LanguageChoiceDeps = live) {
  await deps.apply(lang)
  if (!deps.signedIn()) return
  try {
    await deps.save(toWire(lang))
  } catch (e) {
    deps.fail(e instanceof Error ? e.message : String(e))
  }
}
