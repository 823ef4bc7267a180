// The browser boundary of the unit tests: `fetch` replaced by a mock around each test, and the JSON
// answers the mocks (and fake-payments-api.ts) give.
import { afterEach, beforeEach, type Mock, vi } from 'vitest'

/** A JSON answer with this status, as the API sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/**
 * A mock `fetch` in place of the global for each test of the calling suite: reset before each test
 * (then answering with `implementation`, when given, until a test says otherwise), and every global
 * stubbed with `vi.stubGlobal` put back after each test.
 */
export function installFetchMock(implementation?: typeof fetch): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    fetchMock.mockReset()
    if (implementation) fetchMock.mockImplementation(implementation)
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  return fetchMock
}
