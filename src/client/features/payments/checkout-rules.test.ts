import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/lib/http.ts'
import {
  CheckoutSearchSchema,
  checkoutFeeCents,
  isInsufficientBalance,
  isTransientFailure,
  landingAfterPayment,
  PayGuideSearchSchema,
  PaySearchSchema,
} from './checkout-rules.ts'

describe('checkout rules', () => {
  it('charges $2 to post and $1 to bump', () => {
    expect(checkoutFeeCents('post')).toBe(200)
    expect(checkoutFeeCents('bump')).toBe(100)
  })

  it('reads /checkout search params, treating an unknown type as post and a blank adId as none', () => {
    expect(CheckoutSearchSchema.parse({ type: 'bump', adId: 'u-1' })).toEqual({ type: 'bump', adId: 'u-1' })
    expect(CheckoutSearchSchema.parse({ type: 'steal', adId: '  ' })).toEqual({
      type: 'post',
      adId: undefined,
    })
    expect(CheckoutSearchSchema.parse({})).toEqual({ type: 'post', adId: undefined })
  })

  it('reads the pay page type, including topup', () => {
    expect(PaySearchSchema.parse({ type: 'topup' })).toEqual({ type: 'topup', adId: undefined })
    expect(PaySearchSchema.parse({ type: 'nope' }).type).toBe('post')
  })

  it('defaults the pay-guide amount to 5 when absent or not a positive number', () => {
    expect(PayGuideSearchSchema.parse({}).amount).toBe(5)
    expect(PayGuideSearchSchema.parse({ amount: 'abc' }).amount).toBe(5)
    expect(PayGuideSearchSchema.parse({ amount: '-3' }).amount).toBe(5)
    expect(PayGuideSearchSchema.parse({ amount: '12.5', type: 'topup' })).toMatchObject({
      amount: 12.5,
      type: 'topup',
    })
  })

  it('offers a top-up only for a 402 answer', () => {
    expect(isInsufficientBalance(new ApiError(402, 'Insufficient balance'))).toBe(true)
    expect(isInsufficientBalance(new ApiError(400, 'Bad'))).toBe(false)
    expect(isInsufficientBalance(new Error('x'))).toBe(false)
  })

  it('retries only when the answer says nothing about the order (offline, 5xx, 408, 429)', () => {
    for (const status of [0, 408, 429, 500, 502, 503])
      expect(isTransientFailure(new ApiError(status, ''))).toBe(true)
    for (const status of [400, 401, 402, 403, 404, 409, 422])
      expect(isTransientFailure(new ApiError(status, ''))).toBe(false)
    expect(isTransientFailure(new Error('bug'))).toBe(false)
  })

  it('lands a paid post on its listing and a paid bump on /manage', () => {
    expect(landingAfterPayment('post', { province: 'BC', category: 'adult-castings' })).toEqual({
      to: 'listing',
      province: 'BC',
      category: 'adult-castings',
    })
    expect(landingAfterPayment('bump', { province: 'BC', category: 'adult-castings' })).toEqual({
      to: 'manage',
    })
    expect(landingAfterPayment('post', undefined)).toEqual({ to: 'manage' })
  })
})
