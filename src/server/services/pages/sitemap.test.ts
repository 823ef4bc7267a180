import { describe, expect, it } from 'vitest'
import { sitemapXml } from './sitemap.ts'

describe('sitemapXml', () => {
  it('escapes what XML reserves in every URL, the French alternate included', () => {
    const xml = sitemapXml("https://maple.example/a&b'<c>/", [
      {
        id: 'k3j9x0a1b2c3',
        title: 'Robe',
        province: 'QC',
        category: 'adult-buy-sell',
        lastModified: new Date(0),
      },
    ])
    expect(xml).toContain(
      '<loc>https://maple.example/a&amp;b&apos;&lt;c&gt;/ca/QC/adult-buy-sell/k3j9x0a1b2c3-robe</loc>',
    )
    expect(xml).toContain('hreflang="fr-CA" href="https://maple.example/a&amp;b&apos;&lt;c&gt;/?lang=fr"')
    expect(xml).toContain('<lastmod>1970-01-01T00:00:00.000Z</lastmod>')
    expect(xml).not.toMatch(/&(?!amp;|apos;|lt;|gt;|quot;)/)
    expect(xml).not.toContain('<c>')
  })
})
