import { describe, expect, it, vi } from 'vitest'
import type { Language } from '../../i18n/languages'
import { chooseLanguage, type LanguageChoiceDeps } from './chooseLanguage'

vi.mock('../../api/client', () => ({ call: vi.fn() }))
vi.mock('../../queryClient', () => ({ queryClient: {} }))
vi.mock('../../i18n', () => ({ setLanguage: vi.fn() }))

function deps(signedIn: boolean, save: LanguageChoiceDeps['save'] = async () => null) {
  const applied: Language[] = []
  const saved: string[] = []
  const failures: string[] = []
  const d: LanguageChoiceDeps = {
    apply: async (l) => void applied.push(l),
    save: async (w) => {
      saved.push(w)
      return save(w)
    },
    signedIn: () => signedIn,
    fail: (m) => void failures.push(m),
  }
  return { d, applied, saved, failures }
}

describe("the header's language switch", () => {
  it('applies the language and keeps it in the signed-in user profile', async () => {
    const { d, applied, saved } = deps(true)
    await chooseLanguage('zh-CN', d)
    expect(applied).toEqual(['zh-CN'])
    expect(saved).toEqual(['zh_CN'])
  })

  it('changes no profile on a sign-in page', async () => {
    const { d, applied, saved } = deps(false)
    await chooseLanguage('zh-CN', d)
    expect(applied).toEqual(['zh-CN'])
    expect(saved).toEqual([])
  })

  it('says so when the profile could not keep it', async () => {
    const { d, failures } = deps(true, async () => {
      throw new Error('Request failed')
    })
    await chooseLanguage('en-US', d)
    expect(failures).toEqual(['Request failed'])
  })
})
