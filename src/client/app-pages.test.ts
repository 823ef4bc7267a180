import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '#client/lib/query-client.ts'
import { APP_PAGES, isAppPage } from '#domain/app-pages.ts'
import { routeTree } from './route-tree.gen.ts'

// The server's list of the app's pages (domain/app-pages.ts) against the routes themselves: a page
// added to src/client/routes and not to the list would be sent home by the server.
describe("the app's pages", () => {
  it('are the routes, every one of them, and nothing else', () => {
    const router = createRouter({
      routeTree,
      context: { queryClient: createQueryClient() },
      history: createMemoryHistory(),
    })
    const routed = Object.keys(router.routesByPath)
      // "any other path" is the one route that is not a page
      .filter((path) => path !== '/$')
      .map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path))
      .sort()
    expect([...APP_PAGES].sort()).toEqual(routed)
  })

  it('match a path with its params filled in, and nothing longer, shorter or unknown', () => {
    for (const path of [
      '/',
      '/wallet',
      '/Wallet/',
      '/ca/ON',
      '/ca/ON/adult-buy-sell',
      '/ca/ON/x/k3j9-red',
      '/pay/abc',
    ]) {
      expect(isAppPage(path), path).toBe(true)
    }
    for (const path of ['/foo', '/fr/ca/ON/adult-buy-sell', '/ca', '/ca/ON/a/b/c', '/wallet/x', '/pay']) {
      expect(isAppPage(path), path).toBe(false)
    }
  })
})
