// Saving a search through the API, as the app does (POST /api/account/searches), for the tests of
// saved searches and their alerts.
import type { SavedSearch, SavedSearchCreate } from '#domain/api/saved-searches.ts'
import { SavedSearchesPaths } from '#domain/api/saved-searches-paths.ts'
import type { Member } from './ads.ts'
import type { TestApp } from './api-app.ts'

/** Saves a search for `m`; insists on 201 (or 200 for one saved before). */
export async function saveSearch(t: TestApp, m: Member, body: SavedSearchCreate): Promise<SavedSearch> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${SavedSearchesPaths.list}`,
    headers: m.auth,
    payload: body,
  })
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`saving a search answered ${res.statusCode}: ${res.body}`)
  return res.json<SavedSearch>()
}
