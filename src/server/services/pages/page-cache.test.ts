import { describe, expect, it, vi } from 'vitest'
import { GenerationCache } from './page-cache.ts'

function setup(live = true) {
  const state = { generation: 0, now: 1_000, random: 0 }
  const cache = new GenerationCache<string>(
    () => state.generation,
    () => live,
    () => state.now,
    () => state.random,
  )
  return { state, cache }
}

/** A page maker that takes a moment and numbers what it makes: "page 1", "page 2"… */
function numberedPages() {
  let made = 0
  const make = async () => {
    made++
    await new Promise((resolve) => setTimeout(resolve, 5))
    return `page ${made}`
  }
  return { make, size: () => ({ bytes: 6 }), made: () => made }
}

describe('pages kept until the ads change', () => {
  it('gives a kept page until the generation moves', () => {
    const { state, cache } = setup()
    cache.set('k', 'page', 0, 4)
    expect(cache.get('k')).toBe('page')
    state.generation++
    expect(cache.get('k')).toBeUndefined()
  })

  it('keeps nothing read before a write that landed while it was made', () => {
    const { state, cache } = setup()
    const readIn = state.generation
    state.generation++
    cache.set('k', 'page', readIn, 4)
    expect(cache.get('k')).toBeUndefined()
  })

  it('ends a page at the earliest expiry of the ads it shows, and after a minute at most', () => {
    const { state, cache } = setup()
    cache.set('expiring', 'page', 0, 4, state.now + 500)
    cache.set('plain', 'page', 0, 4, null)
    state.now += 500
    expect(cache.get('expiring')).toBeUndefined()
    expect(cache.get('plain')).toBe('page')
    state.now += 60_000
    expect(cache.get('plain')).toBeUndefined()
  })

  it('keeps nothing where the caches may not answer (PostgreSQL without the change feed)', () => {
    const { cache } = setup(false)
    cache.set('k', 'page', 0, 4)
    expect(cache.get('k')).toBeUndefined()
  })

  it('makes a page once for the requests that miss it together', async () => {
    const { cache } = setup()
    const { make, size, made } = numberedPages()
    const pages = await Promise.all([cache.read('k', make, size), cache.read('k', make, size)])
    expect(pages).toEqual(['page 1', 'page 1'])
    expect(await cache.read('k', make, size)).toBe('page 1')
    expect(made()).toBe(1)
  })

  it('gives a page past its minute at once and makes the next one behind it, once', async () => {
    const { state, cache } = setup()
    const { make, size, made } = numberedPages()
    expect(await cache.read('k', make, size)).toBe('page 1')
    state.now += 60_000
    expect(cache.get('k')).toBeUndefined()
    expect(cache.look('k')).toEqual({ value: 'page 1', aged: true })
    const [a, b] = await Promise.all([cache.read('k', make, size), cache.read('k', make, size)])
    expect([a, b]).toEqual(['page 1', 'page 1'])
    await vi.waitUntil(() => cache.get('k') === 'page 2')
    expect(made()).toBe(2)
  })

  it('reports a failing render behind an aged page once, however many requests find the page aged', async () => {
    const { state, cache } = setup()
    const { make, size } = numberedPages()
    await cache.read('k', make, size)
    state.now += 60_000
    const failed = vi.fn()
    let tries = 0
    const failing = async () => {
      tries++
      await new Promise((resolve) => setTimeout(resolve, 5))
      throw new Error('render failed')
    }
    const pages = await Promise.all([1, 2, 3].map(() => cache.read('k', failing, size, failed)))
    expect(pages).toEqual(['page 1', 'page 1', 'page 1'])
    await vi.waitUntil(() => failed.mock.calls.length > 0)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect([tries, failed.mock.calls.length]).toEqual([1, 1])
  })

  it("stops giving an aged page whose new one never comes, and never one past an ad's expiry", () => {
    const { state, cache } = setup()
    cache.set('late', 'page', 0, 4, null)
    cache.set('expiring', 'page', 0, 4, state.now + 90_000)
    state.now += 60_000
    expect(cache.look('late')?.aged).toBe(true)
    expect(cache.look('expiring')?.aged).toBe(true)
    state.now += 30_000
    expect(cache.look('expiring')).toBeUndefined()
    expect(cache.look('late')?.aged).toBe(true)
    state.now += 30_000
    expect(cache.look('late')).toBeUndefined()
  })

  it("cuts pages' ages by up to half at random, so pages rendered together do not age together", () => {
    const { state, cache } = setup()
    state.random = 1
    cache.set('soonest', 'page', 0, 4)
    state.random = 0
    cache.set('latest', 'page', 0, 4)
    state.now += 30_000
    expect(cache.look('soonest')?.aged).toBe(true)
    expect(cache.look('latest')?.aged).toBe(false)
  })
})

describe('a full cache', () => {
  it('makes room by dropping the least used pages, not every page', () => {
    const state = { generation: 0, now: 1_000 }
    const cache = new GenerationCache<string>(
      () => state.generation,
      () => true,
      () => state.now,
      () => 0,
      3,
    )
    cache.set('home', 'home page', 0, 10)
    cache.set('junk-1', 'a page', 0, 10)
    cache.set('junk-2', 'a page', 0, 10)
    expect(cache.get('home')).toBe('home page')
    // a stream of new URLs pushes out what nobody asked for again, never the page in use
    for (let i = 3; i < 20; i++) {
      cache.set(`junk-${i}`, 'a page', 0, 10)
      expect(cache.get('home')).toBe('home page')
    }
    expect(cache.get('junk-1')).toBeUndefined()
    expect(cache.get('junk-19')).toBe('a page')
  })
})
