import { describe, expect, it } from 'vitest'
import { enLegal } from './en-legal.ts'
import { enPayments } from './en-payments.ts'
import { enManage } from './en-post.ts'

// the amounts are built from FEES_CENTS and MIN_TOPUP_CENTS; these are the texts users and tests read
describe('fees quoted in the catalog', () => {
  it('reads the bump fee, the minimum load and the terms as written', () => {
    expect(enManage.bumpLabel).toBe('Bump {title} to the top for $1')
    expect(enPayments.wallet.minLoad).toBe('Minimum load is $5')
    expect(enPayments.wallet.topupIntro).toBe(
      'Load your wallet with Bitcoin or Litecoin. The minimum is $5 CAD.',
    )
    const fees = enLegal.terms.sections.find((section) => section.heading === 'Fees and payments')
    expect(fees?.body[0]).toMatch(
      /^Posting an ad costs \$2 CAD and bumping it to the top costs \$1 CAD,.*top-up is \$5 CAD\./,
    )
  })
})
