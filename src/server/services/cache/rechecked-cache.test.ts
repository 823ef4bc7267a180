import { describe, expect, it } from 'vitest'
import { Generation, RecheckedCache } from './rechecked-cache.ts'

function setup() {
  let now = 1_000
  const generation = new Generation('test')
  const cache = new RecheckedCache<string>(generation, 1_000, 10, () => now)
  return { cache, generation, advance: (ms: number) => (now += ms), at: () => now }
}

describe('RecheckedCache', () => {
  it('answers a kept value until its recheck time, then asks again', () => {
    const { cache, generation, advance } = setup()
    cache.set('k', 'v', generation.current())
    advance(999)
    expect(cache.get('k')).toBe('v')
    advance(1)
    expect(cache.get('k')).toBeUndefined()
  })

  it('forgets every value at once when its generation is bumped', () => {
    const { cache, generation } = setup()
    cache.set('a', '1', generation.current())
    cache.set('b', '2', generation.current())
    generation.bump()
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBeUndefined()
  })

  it('does not keep a value read before a write that landed while the read was in flight', () => {
    const { cache, generation } = setup()
    const readGeneration = generation.current()
    generation.bump()
    cache.set('k', 'stale', readGeneration)
    expect(cache.get('k')).toBeUndefined()
  })

  it('ends a value at the time its data says it changes, when that comes before the recheck', () => {
    const { cache, generation, advance, at } = setup()
    cache.set('k', 'v', generation.current(), at() + 300)
    advance(299)
    expect(cache.get('k')).toBe('v')
    advance(1)
    expect(cache.get('k')).toBeUndefined()
  })

  it('starts over instead of growing past its size', () => {
    const { cache, generation } = setup()
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, 'v', generation.current())
    cache.set('one-more', 'v', generation.current())
    expect(cache.get('k0')).toBeUndefined()
    expect(cache.get('one-more')).toBe('v')
  })
})
