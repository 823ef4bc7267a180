import { describe, expect, it } from 'vitest'
import { SENT_PAGE_OLDEST_MS } from '#domain/pages.ts'
import { rememberServerRendered, unlessJustServerRendered } from './server-rendered-queries.ts'

const at = Date.now()
const queries = [{ queryHash: '["ads","list"]', state: { dataUpdatedAt: at } }]

describe('queries a server-rendered page brought', () => {
  it('are not asked again on mount while they hold the data the server rendered', () => {
    rememberServerRendered(queries as never)
    const query = { queryHash: '["ads","list"]', state: { dataUpdatedAt: at } }
    // asked several times per mount, always the same answer
    expect(unlessJustServerRendered(query as never)).toBe(false)
    expect(unlessJustServerRendered(query as never)).toBe(false)
  })

  it('are asked again once their data changed, and other queries always are', () => {
    rememberServerRendered(queries as never)
    expect(
      unlessJustServerRendered({ queryHash: '["ads","list"]', state: { dataUpdatedAt: at + 1 } } as never),
    ).toBe(true)
    expect(
      unlessJustServerRendered({ queryHash: '["ads","other"]', state: { dataUpdatedAt: at } } as never),
    ).toBe(true)
  })

  it('are not asked again for a page the server kept a while, and are once the render is old', () => {
    // an aged page is still sent while it is rendered again: up to SENT_PAGE_OLDEST_MS old
    const kept = Date.now() - SENT_PAGE_OLDEST_MS + 5_000
    rememberServerRendered([{ queryHash: 'kept', state: { dataUpdatedAt: kept } }] as never)
    expect(unlessJustServerRendered({ queryHash: 'kept', state: { dataUpdatedAt: kept } } as never)).toBe(
      false,
    )
    const old = Date.now() - SENT_PAGE_OLDEST_MS - 60_000
    rememberServerRendered([{ queryHash: 'old', state: { dataUpdatedAt: old } }] as never)
    expect(unlessJustServerRendered({ queryHash: 'old', state: { dataUpdatedAt: old } } as never)).toBe(true)
  })
})
