import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { resources } from '../../i18n/resources'
import { deleteConfirmOf } from './deleteConfirm'

/*
 * The kit's delete confirmation, shared by a list's Delete and a detail screen's: the
 * resource's `<messages>.deleteTitle`, and `deleteConfirm` with the count and the names.
 */
const i18n = i18next.createInstance()
await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })
const bank = (r: { bankName: string }) => r.bankName

describe('deleteConfirmOf', () => {
  it('names the records in the resource’s own words, in the user’s language', async () => {
    const en = deleteConfirmOf(i18n.t, 'accounts:bank', bank)
    expect(en.title).toBe('Delete bank accounts')
    expect(en.description([{ bankName: 'DBS Bank Ltd' }, { bankName: 'Bangkok Bank' }])).toBe(
      'Delete 2 bank account(s): DBS Bank Ltd, Bangkok Bank?',
    )
    await i18n.changeLanguage('zh-CN')
    const zh = deleteConfirmOf(i18n.t, 'accounts:bank', bank)
    expect(zh.title).toBe('删除银行账户')
    expect(zh.description([{ bankName: 'DBS Bank Ltd' }])).toBe('删除 1 个银行账户：DBS Bank Ltd？')
  })
})
