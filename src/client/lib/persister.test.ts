import { describe, expect, it } from 'vitest'
import { noRetryQueryClient } from '#tests/support/client-render.tsx'
import { shouldPersistQuery } from './persister.ts'

async function queryAfter(key: string[], outcomes: ('ok' | 'fail')[]) {
  const client = noRetryQueryClient()
  for (const outcome of outcomes) {
    await client
      .fetchQuery({
        queryKey: key,
        staleTime: 0,
        queryFn: async () => {
          if (outcome === 'fail') throw new Error('offline')
          return { items: ['an ad'] }
        },
      })
      .catch(() => undefined)
  }
  const query = client.getQueryCache().find({ queryKey: key })
  if (!query) throw new Error('no query')
  return query
}

describe('what goes to localStorage', () => {
  it('keeps a listing that loaded', async () => {
    expect(shouldPersistQuery(await queryAfter(['ads', 'list'], ['ok']))).toBe(true)
  })

  it('keeps a listing whose refetch failed as the network dropped, with the data it had', async () => {
    const query = await queryAfter(['ads', 'list'], ['ok', 'fail'])
    expect(query.state.status).toBe('error')
    expect(query.state.data).toEqual({ items: ['an ad'] })
    expect(shouldPersistQuery(query)).toBe(true)
  })

  it('leaves out a query that never loaded, and families that are not kept', async () => {
    expect(shouldPersistQuery(await queryAfter(['ads', 'list'], ['fail']))).toBe(false)
    expect(shouldPersistQuery(await queryAfter(['my-ads'], ['ok']))).toBe(false)
  })
})
