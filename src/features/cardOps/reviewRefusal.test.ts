import { describe, expect, it } from 'vitest'
import { reviewRefusal } from './reviewRefusal'

const t = ((key: string) => key) as never

describe('reviewRefusal (maker ≠ checker in the console)', () => {
  it('refuses the request the signed-in user made, before the server has to (2013)', () => {
    expect(reviewRefusal({ status: 'pending', requesterName: 'admin' }, 'admin', t)).toBe(
      'refusals:reviews.ownRequest',
    )
  })
  it("offers another person's pending request", () => {
    expect(
      reviewRefusal({ status: 'pending', requesterName: 'merchant.user' }, 'admin', t),
    ).toBeUndefined()
  })
  it('refuses a decided request, whoever made it', () => {
    for (const status of ['approved', 'rejected', 'withdrawn']) {
      expect(reviewRefusal({ status, requesterName: 'merchant.user' }, 'admin', t)).toBe(
        'refusals:cardOps.requestReviewed',
      )
    }
  })
})
