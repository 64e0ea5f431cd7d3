import { Theme } from '@radix-ui/themes'
import i18next from 'i18next'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { resources } from '../../i18n/resources'
import { ReviewPanel, type ReviewView } from './ReviewPanel'

/*
 * The kit's review panel: the decision shown only where the review machine allows it (a
 * checker decides, the maker may only withdraw, a decided item takes nothing), and the history
 * with every reason code as its label in the user's language. Drawn on the server (no DOM
 * library in this project).
 */
vi.mock('../../api/client', () => ({ ApiError: class ApiError extends Error {} }))

const i18n = i18next.createInstance()
await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })

const pending = (makerIsYou: boolean): ReviewView => ({
  state: 'pending',
  makerName: 'merchant.user',
  makerIsYou,
  history: [
    {
      event: 'SUBMIT',
      from: null,
      to: 'pending',
      actorName: 'merchant.user',
      reasonCode: null,
      note: '',
      at: '2026-11-01T10:00:00.000Z',
    },
  ],
})
const rejected: ReviewView = {
  ...pending(false),
  state: 'rejected',
  history: [
    ...pending(false).history,
    {
      event: 'REJECT',
      from: 'pending',
      to: 'rejected',
      actorName: 'admin',
      reasonCode: 'riskReview',
      note: 'checked',
      at: '2026-11-01T11:00:00.000Z',
    },
  ],
}

async function draw(
  review: ReviewView,
  lang = 'en-US',
  buttons = { decide: true, withdraw: true },
) {
  await i18n.changeLanguage(lang)
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Theme>
        <ReviewPanel
          review={review}
          buttons={buttons}
          reasons={['requestDeclined', 'other']}
          label="Review form"
          decide={async () => undefined}
          withdraw={async () => undefined}
        />
      </Theme>
    </I18nextProvider>,
  )
}

describe('ReviewPanel', () => {
  it('offers the decision to someone who is not the maker, with the button', async () => {
    const html = await draw(pending(false))
    expect(html).toContain('aria-label="Review form"')
    expect(html).not.toContain('Withdraw request')
    expect(await draw(pending(false), 'en-US', { decide: false, withdraw: true })).not.toContain(
      'aria-label="Review form"',
    )
  })

  it('decides with two buttons: Approve submits the form, Reject is a second submit', async () => {
    const html = await draw(pending(false))
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>(<[^>]+>)*Approve/)
    expect(html).toMatch(
      /<button[^>]*type="submit"[^>]*data-decision="reject"[^>]*>(<[^>]+>)*Reject/,
    )
    // The reason is said to be needed to reject; there is no decision select any more.
    expect(html).toContain('Required to reject')
    expect(html).not.toContain('>Submit<')
    expect(html.indexOf('Approve')).toBeLessThan(html.indexOf('data-decision="reject"'))
  })

  it('offers the maker only withdrawing, and says why there is no decision', async () => {
    const html = await draw(pending(true))
    expect(html).not.toContain('aria-label="Review form"')
    expect(html).toContain('Withdraw request')
    expect(html).toContain('You made this request: another person reviews it')
  })

  it('offers nothing on a decided item; its history names each step and reason in words', async () => {
    const en = await draw(rejected)
    expect(en).not.toContain('aria-label="Review form"')
    expect(en).not.toContain('Withdraw request')
    expect(en).toContain('Submitted')
    expect(en).toContain('Rejected')
    expect(en).toContain('Risk review')
    expect(en).toContain('checked')
    const zh = await draw(rejected, 'zh-CN')
    expect(zh).toContain('风险审查')
    for (const html of [en, zh]) {
      expect(html).not.toContain('riskReview')
      expect(html).not.toContain('REJECT')
    }
  })
})
