import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '#client/lib/query-client.ts'
import { plainTextSearch } from '#client/lib/search-schema.ts'
import { routeTree } from './route-tree.gen.ts'

// What a page reads from its URL's search, through the app's own routes: the router lays each route's
// parsed search over the raw one, so a value the parser refuses must not reach the page as typed.
function routerAt(url: string) {
  return createRouter({
    routeTree,
    ...plainTextSearch,
    context: { queryClient: createQueryClient() },
    history: createMemoryHistory({ initialEntries: [url] }),
  })
}

function searchAt(url: string): Record<string, unknown> {
  const router = routerAt(url)
  const matches = router.matchRoutes(router.state.location)
  return { ...matches.at(-1)?.search }
}

/** The address the app writes for the page at this URL (its search parsed, then written again). */
function linkFor(url: string): string {
  const router = routerAt(url)
  return router.buildLocation({ to: router.state.location.pathname, search: true }).href
}

describe('the search a page reads from its URL', () => {
  it('never hands the login page a return address outside the app', () => {
    for (const target of ['https://evil.example/x', '//evil.example', '/\\evil.example', '/register']) {
      expect(searchAt(`/login?redirect=${encodeURIComponent(target)}&reason=stolen`)).toMatchObject({
        redirect: undefined,
        reason: undefined,
      })
    }
    expect(searchAt('/login?redirect=%2Fwallet&reason=expired')).toMatchObject({
      redirect: '/wallet',
      reason: 'expired',
    })
  })

  it('drops a companion type the listing does not know', () => {
    expect(searchAt('/ca/ON/adult-services?escortType=zzz').escortType).toBeUndefined()
    expect(searchAt('/ca/ON/adult-services?escortType=female-companion&q=silk')).toMatchObject({
      escortType: 'female-companion',
      q: 'silk',
    })
  })

  it('reads every value as the text typed, and writes it back the same way', () => {
    for (const typed of ['2024', '1e5', 'true', 'null', '{"a":1}', '"quoted"', '-3']) {
      const url = `/ca/ON/adult-buy-sell?q=${encodeURIComponent(typed)}`
      expect(searchAt(url).q).toBe(typed)
      expect(linkFor(url)).toBe(url)
    }
    expect(searchAt('/reset-password?token=12345').token).toBe('12345')
    expect(searchAt('/ca/ON/adult-buy-sell?verified=true&page=2')).toMatchObject({ verified: true, page: 2 })
    expect(linkFor('/ca/ON/adult-buy-sell?page=2&verified=true')).toBe(
      '/ca/ON/adult-buy-sell?page=2&verified=true',
    )
  })
})
