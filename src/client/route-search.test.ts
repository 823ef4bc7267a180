import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '#client/lib/query-client.ts'
import { routeTree } from './route-tree.gen.ts'

// What a page reads from its URL's search, through the app's own routes: the router lays each route's
// parsed search over the raw one, so a value the parser refuses must not reach the page as typed.
function searchAt(url: string): Record<string, unknown> {
  const router = createRouter({
    routeTree,
    context: { queryClient: createQueryClient() },
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  const matches = router.matchRoutes(router.state.location)
  return { ...matches.at(-1)?.search }
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

  it('drops a companion type or a search the listing does not know', () => {
    const search = searchAt('/ca/ON/adult-services?escortType=zzz&q=%7B%22a%22%3A1%7D')
    expect(search.escortType).toBeUndefined()
    expect(search.q).toBeUndefined()
    expect(searchAt('/ca/ON/adult-services?escortType=female-companion&q=silk')).toMatchObject({
      escortType: 'female-companion',
      q: 'silk',
    })
  })

  it('reads a mailed link’s token only when it is text', () => {
    expect(searchAt('/verify-email?token=%7B%22a%22%3A1%7D').token).toBeUndefined()
    expect(searchAt('/reset-password?token=abc').token).toBe('abc')
  })
})
