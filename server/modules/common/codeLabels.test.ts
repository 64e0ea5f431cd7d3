import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../src/i18n/languages'
import { resources } from '../../../src/i18n/resources'
import { DECLINE_REASONS, isCodeOf } from '../../../src/lib/codeLabels'
import { parseRemark } from '../../../src/lib/remarks'
import { cardStatusHistory, dictDetails, dicts, ledgerEntries } from '../../db/schema'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'

/*
 * The codes the server writes, read back from a database with the demo data, each have a
 * label in both languages (issue 18: no raw code on screen). The lists are the server's own —
 * its dictionaries, its ledger, its histories — so a code added there without a label fails.
 */
let api: TestApi

beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api.close())

type ValueLabels = Record<string, Record<string, string>>
const shipped = (lang: (typeof LANGUAGES)[number]) =>
  (resources[lang].dict as { values: ValueLabels }).values

describe('labels of the codes the server writes', () => {
  it('every value of every built-in dictionary has a label in each language', async () => {
    const rows = await api.deps.db
      .select({ dict: dicts.code, code: dictDetails.code })
      .from(dictDetails)
      .innerJoin(dicts, eq(dicts.id, dictDetails.dictId))
      .where(eq(dicts.type, 'system'))
    expect(rows.length).toBeGreaterThan(0)
    const missing = LANGUAGES.flatMap((lang) =>
      rows
        .filter((r) => !shipped(lang)[r.dict]?.[r.code])
        .map((r) => `${lang} ${r.dict}.${r.code}`),
    )
    expect(missing).toEqual([])
  })

  it('the balance transaction type filter offers Chinese names in zh-CN', async () => {
    const token = await api.login(DEMO.merchant[0], DEMO.merchant[1])
    const res = await api.call<Record<string, { code: string; name: string }[]>>(
      '/dict/query',
      { codes: ['account_transaction_type'] },
      { token, lang: 'zh_CN' },
    )
    const options = res.body.data.account_transaction_type
    expect(options.map((o) => o.code)).toContain('fx_transfer')
    expect(options.filter((o) => !/[\u4e00-\u9fff]/.test(o.name))).toEqual([])
  })

  it('the decline codes are the seeded dictionary’s codes', async () => {
    const decline = await api.deps.db
      .select({ code: dictDetails.code })
      .from(dictDetails)
      .innerJoin(dicts, eq(dicts.id, dictDetails.dictId))
      .where(eq(dicts.code, 'decline_reason'))
    expect(decline.map((r) => r.code).sort()).toEqual([...DECLINE_REASONS].sort())
  })

  it('the demo shows the codes: reasons in histories, group deposits and fx transfers', async () => {
    const reasons = await api.deps.db
      .selectDistinct({ code: cardStatusHistory.reasonCode })
      .from(cardStatusHistory)
    const reasonCodes = reasons.map((r) => r.code).filter(Boolean)
    expect(reasonCodes).toEqual(expect.arrayContaining(['riskReview', 'noLongerNeeded']))
    for (const code of reasonCodes) expect(isCodeOf('reason', code), code).toBe(true)

    const entries = await api.deps.db
      .select({ kind: ledgerEntries.kind, remark: ledgerEntries.remark })
      .from(ledgerEntries)
    const kinds = new Set(entries.map((e) => e.kind))
    expect([...kinds]).toEqual(expect.arrayContaining(['group_deposit', 'fx_transfer']))
    for (const kind of kinds) expect(isCodeOf('ledgerKind', kind), kind).toBe(true)
    // Server-written remarks are stored as codes the console names (src/lib/remarks.ts).
    const coded = entries.filter((e) => e.remark && parseRemark(e.remark))
    expect(coded.map((e) => parseRemark(e.remark!)!.code)).toEqual(
      expect.arrayContaining(['groupDeposit', 'transferBetweenCurrencies', 'channelPrepayment']),
    )
  })

  it('a transfer without a remark stores the code, and the list answers it for the console to name', async () => {
    const token = await api.login(DEMO.merchant[0], DEMO.merchant[1])
    const res = await api.call<{ list: { type: string; remark: string }[] }>(
      '/accounts/transactions/list',
      { pageNum: 1, pageSize: 200, filters: { type: 'fx_transfer' } },
      { token },
    )
    expect(res.body.code).toBe(0)
    expect(res.body.data.list.length).toBeGreaterThan(0)
    for (const row of res.body.data.list) {
      expect(parseRemark(row.remark)?.code).toBe('transferBetweenCurrencies')
    }
  })
})
