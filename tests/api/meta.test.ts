import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CITY_FETCH_LIMIT } from '#domain/constants.ts'
import { PROVINCE_CODES, PROVINCES } from '#domain/provinces.ts'
import { normalizeForSearch } from '#server/services/cities/normalize-city-name.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

interface Item {
  name: string
  province: string
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

async function cities(query = ''): Promise<Item[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/meta/cities${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().items
}

async function populations(): Promise<Map<string, number>> {
  const res = (await t.db.execute(sql`SELECT province, name, population FROM cities`)) as unknown as {
    rows: { province: string; name: string; population: number }[]
  }
  return new Map(res.rows.map((r) => [`${r.province}|${r.name}`, r.population]))
}

describe('GET /api/meta/cities', () => {
  it('lists hundreds of places in the large provinces, each with its province', async () => {
    for (const code of ['ON', 'QC', 'BC']) {
      const items = await cities(`?province=${code}`)
      expect(items.length, code).toBeGreaterThan(100)
      expect(items.every((c) => c.province === code)).toBe(true)
    }
    for (const code of PROVINCE_CODES) {
      expect((await cities(`?province=${code}`)).length, code).toBeGreaterThan(0)
    }
  })

  it('orders places by population, largest first', async () => {
    const on = await cities('?province=ON')
    expect(on[0]?.name).toBe('Toronto')
    const pop = await populations()
    const sizes = on.map((c) => pop.get(`ON|${c.name}`) ?? -1)
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
    const all = await cities('?limit=50')
    expect(all.slice(0, 2).map((c) => c.name)).toEqual(['Toronto', 'Montréal'])
    const allSizes = all.map((c) => pop.get(`${c.province}|${c.name}`) ?? -1)
    expect(allSizes).toEqual([...allSizes].sort((a, b) => b - a))
  })

  it('returns at most 1000 by default and honours limit', async () => {
    expect((await cities()).length).toBe(CITY_FETCH_LIMIT)
    expect(await cities('?limit=5')).toHaveLength(5)
    expect((await cities('?limit=5000')).length).toBeGreaterThan(CITY_FETCH_LIMIT)
  })

  it('lists each name once per province', async () => {
    const items = await cities('?limit=5000')
    const keys = items.map((c) => `${c.province}|${c.name}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('treats ALL, a missing and a lower-case province the same way as the spec route does', async () => {
    const all = await cities('?limit=50')
    expect(await cities('?province=ALL&limit=50')).toEqual(all)
    expect(await cities('?province=all&limit=50')).toEqual(all)
    expect(new Set(all.map((c) => c.province)).size).toBeGreaterThan(1)
    expect(await cities('?province=qc&limit=20')).toEqual(await cities('?province=QC&limit=20'))
  })

  it('finds places accent- and case-insensitively by prefix of the name or any word in it', async () => {
    expect((await cities('?q=montreal')).map((c) => c.name)).toContain('Montréal')
    expect((await cities('?q=MONTRÉ')).map((c) => c.name)).toContain('Montréal')
    const john = (await cities('?q=john')).map((c) => c.name)
    expect(john).toEqual(expect.arrayContaining(['Saint John', "St. John's"]))
    expect((await cities('?q=trois-riv')).map((c) => c.name)).toContain('Trois-Rivières')
    expect((await cities('?q=quebec&province=qc')).map((c) => c.name)).toContain('Québec')
    // a word prefix, not any substring: "onto" is inside Toronto but starts no word of it
    expect((await cities('?q=onto')).map((c) => c.name)).not.toContain('Toronto')
    for (const c of await cities('?q=sain')) {
      expect(` ${normalizeForSearch(c.name)}`).toContain(' sain')
    }
  })

  it('filters by province and q together', async () => {
    const items = await cities('?province=NB&q=saint')
    expect(items.map((c) => c.name)).toContain('Saint John')
    expect(items.every((c) => c.province === 'NB')).toBe(true)
    expect(await cities('?q=zzzzqqq')).toEqual([])
  })

  it('refuses a bad limit with 400 and a detail naming it', async () => {
    for (const limit of ['0', '-1', 'abc', '1.5', '100000']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/meta/cities?limit=${limit}` })
      expect(res.statusCode, limit).toBe(400)
      expect(res.json().detail, limit).toMatch(/^limit: /)
    }
  })

  it('refuses an unknown province with 400 and a detail naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/meta/cities?province=XX' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/^province: Unknown province/)
  })

  it('lets browsers and the service worker cache the list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/meta/cities?province=PE' })
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/)
  })

  it("holds every province's major cities from the domain list", async () => {
    // GeoNames names some places differently from the domain's friendly names
    const aliases: Record<string, string> = { 'Québec City': 'Québec' }
    const missing: string[] = []
    for (const province of PROVINCES) {
      const names = new Set((await cities(`?province=${province.code}&limit=5000`)).map((c) => c.name))
      for (const city of province.cities) {
        if (!names.has(aliases[city] ?? city)) missing.push(`${province.code} ${city}`)
      }
    }
    if (missing.length) console.warn(`Major cities missing from the dataset: ${missing.join(', ')}`)
    expect(missing).toEqual([])
  })
})

describe('the cities table', () => {
  it('survives reset() and is not seeded twice when the app starts again', async () => {
    await t.reset()
    const before = await populations()
    expect(before.size).toBeGreaterThan(900)
    const { buildApp } = await import('#server/app.ts')
    const again = await buildApp({ config: t.config, database: t.database })
    await again.ready()
    await again.close()
    expect((await populations()).size).toBe(before.size)
  })
})

describe('GET /api/meta/ad-rules', () => {
  it('quotes the ad lifetime the server is configured with, not a copy in the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/meta/ad-rules' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ adLifetimeDays: t.app.config.AD_LIFETIME_DAYS })
  })

  it('follows AD_LIFETIME_DAYS', async () => {
    const other = await createTestApp({ AD_LIFETIME_DAYS: 7 })
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/meta/ad-rules' })
      expect(res.json()).toEqual({ adLifetimeDays: 7 })
    } finally {
      await other.close()
    }
  })
})
