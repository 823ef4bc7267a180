import { describe, expect, it } from 'vitest'
import { alwaysLive, Generation } from '#server/services/cache/rechecked-cache.ts'
import { cachedAdList, createAdListCache } from './ad-list-cache.ts'

// every read is the test's own; `adsChanged` stands for an ad change committing
function freshCache() {
  const generation = new Generation()
  return { cache: createAdListCache(generation, alwaysLive), adsChanged: () => generation.bump() }
}

/** A read the test finishes when it wants, counting how often the cache started one. */
function controlledRead(answers: string[]) {
  let started = 0
  const finish: ((value: { answer: string; staleAt: Date | null }) => void)[] = []
  const fail: ((error: Error) => void)[] = []
  const read = () => {
    started++
    return new Promise<{ answer: string; staleAt: Date | null }>((resolve, reject) => {
      finish.push(resolve)
      fail.push(reject)
    })
  }
  return {
    read,
    started: () => started,
    finish: (i: number) => finish[i]?.({ answer: answers[i] ?? `answer ${i}`, staleAt: null }),
    fail: (i: number) => fail[i]?.(new Error('database gone')),
  }
}

describe('cachedAdList', () => {
  it('asks the database once for requests that miss together, and gives each the same answer', async () => {
    const { cache } = freshCache()
    const reads = controlledRead(['page 1'])
    const requests = Array.from({ length: 12 }, () => cachedAdList(cache, { page: 1 }, reads.read))
    reads.finish(0)
    const answers = await Promise.all(requests)
    expect(reads.started()).toBe(1)
    expect(answers.map((a) => a.answer)).toEqual(Array(12).fill('page 1'))
    // and the answer is kept for the next one
    expect((await cachedAdList(cache, { page: 1 }, reads.read)).answer).toBe('page 1')
    expect(reads.started()).toBe(1)
  })

  it('never gives a request that comes after an ad change an answer read before it', async () => {
    const { cache, adsChanged } = freshCache()
    const reads = controlledRead(['before the change', 'after the change'])
    const early = cachedAdList(cache, { page: 1 }, reads.read)
    adsChanged()
    const late = cachedAdList(cache, { page: 1 }, reads.read)
    expect(reads.started()).toBe(2)
    reads.finish(0)
    reads.finish(1)
    expect((await early).answer).toBe('before the change')
    expect((await late).answer).toBe('after the change')
    expect((await cachedAdList(cache, { page: 1 }, reads.read)).answer).toBe('after the change')
  })

  it('lets the requests after a failed read query again', async () => {
    const { cache } = freshCache()
    const reads = controlledRead(['unused', 'page 2'])
    const failed = cachedAdList(cache, { page: 2 }, reads.read)
    const alsoFailed = cachedAdList(cache, { page: 2 }, reads.read)
    reads.fail(0)
    await expect(failed).rejects.toThrow('database gone')
    await expect(alsoFailed).rejects.toThrow('database gone')
    const next = cachedAdList(cache, { page: 2 }, reads.read)
    reads.finish(1)
    expect((await next).answer).toBe('page 2')
    expect(reads.started()).toBe(2)
  })
})
