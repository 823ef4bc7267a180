import { describe, expect, it } from 'vitest'
import { CommittedChanges } from '#server/db/changes.ts'
import { Generation, Generations, type Read, RecheckedCache } from './rechecked-cache.ts'

function setup(live = () => true) {
  let now = 1_000
  const generation = new Generation()
  const cache = new RecheckedCache<string>(generation, 1_000, 10, () => now, live)
  return { cache, generation, advance: (ms: number) => (now += ms), at: () => now }
}

/** Reads the test finishes when it wants, counting how many the cache started. */
function controlledReads() {
  const pending: { resolve: (read: Read<string | undefined>) => void; reject: (error: Error) => void }[] = []
  return {
    read: () =>
      new Promise<Read<string | undefined>>((resolve, reject) => {
        pending.push({ resolve, reject })
      }),
    started: () => pending.length,
    finish: (i: number, value: string | undefined) => pending[i]?.resolve({ value }),
    fail: (i: number) => pending[i]?.reject(new Error('database gone')),
  }
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

  describe('read', () => {
    it('asks once for the requests that miss together, gives each the same value and keeps it', async () => {
      const { cache } = setup()
      const reads = controlledReads()
      const requests = Array.from({ length: 20 }, () => cache.read('k', reads.read))
      reads.finish(0, 'v')
      expect(await Promise.all(requests)).toEqual(Array(20).fill('v'))
      expect(reads.started()).toBe(1)
      expect(await cache.read('k', reads.read)).toBe('v')
      expect(reads.started()).toBe(1)
    })

    it('never gives a request that comes after a change a value read before it', async () => {
      const { cache, generation } = setup()
      const reads = controlledReads()
      const early = cache.read('k', reads.read)
      generation.bump()
      const late = cache.read('k', reads.read)
      expect(reads.started()).toBe(2)
      reads.finish(0, 'before')
      reads.finish(1, 'after')
      expect(await early).toBe('before')
      expect(await late).toBe('after')
      expect(cache.get('k')).toBe('after')
    })

    it('keeps nothing from a failed read, and the next request reads again', async () => {
      const { cache } = setup()
      const reads = controlledReads()
      const failing = [cache.read('k', reads.read), cache.read('k', reads.read)]
      reads.fail(0)
      for (const request of failing) await expect(request).rejects.toThrow('database gone')
      const retry = cache.read('k', reads.read)
      expect(reads.started()).toBe(2)
      reads.finish(1, 'v')
      expect(await retry).toBe('v')
    })

    it('keeps nothing when the read finds nothing, so the next request asks again', async () => {
      const { cache } = setup()
      const reads = controlledReads()
      const none = cache.read('k', reads.read)
      reads.finish(0, undefined)
      expect(await none).toBeUndefined()
      void cache.read('k', reads.read)
      expect(reads.started()).toBe(2)
    })

    it('shares no read while it is not live: each request then asks the database', async () => {
      const { cache } = setup(() => false)
      const reads = controlledReads()
      const requests = [cache.read('k', reads.read), cache.read('k', reads.read)]
      expect(reads.started()).toBe(2)
      reads.finish(0, 'a')
      reads.finish(1, 'b')
      expect(await Promise.all(requests)).toEqual(['a', 'b'])
      expect(cache.get('k')).toBeUndefined()
    })
  })
})

describe('Generations', () => {
  it('bumps the generation of each committed change, and only that one', () => {
    const changes = new CommittedChanges()
    const generations = new Generations(changes)
    changes.tell('wallets')
    expect(generations.of('wallets').current()).toBe(1)
    expect(generations.of('ads').current()).toBe(0)
    expect(generations.of('sessions').current()).toBe(0)
  })

  it('applies another process’s news by name, ignores a name no cache has, and stops hearing once closed', () => {
    const changes = new CommittedChanges()
    const generations = new Generations(changes)
    expect(generations.changedElsewhere('ads')).toBe(true)
    expect(generations.changedElsewhere('nothing here')).toBe(false)
    expect(generations.of('ads').current()).toBe(1)
    generations.close()
    changes.tell('ads')
    expect(generations.of('ads').current()).toBe(1)
  })

  it('keeps each app’s caches apart: a change told to one database voids nothing of another', () => {
    const one = new CommittedChanges()
    const other = new Generations(new CommittedChanges())
    new Generations(one)
    one.tell('sessions')
    expect(other.of('sessions').current()).toBe(0)
  })
})
