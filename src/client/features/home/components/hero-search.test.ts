import { describe, expect, it } from 'vitest'
import { heroSearchHref } from './hero-search.tsx'

describe('heroSearchHref', () => {
  it('sends the keyword to adult-buy-sell of the chosen province, or all of Canada', () => {
    expect(heroSearchHref(' latex ', 'QC')).toBe('/ca/QC/adult-buy-sell?q=latex')
    expect(heroSearchHref('', undefined)).toBe('/ca/ALL/adult-buy-sell')
  })
})
