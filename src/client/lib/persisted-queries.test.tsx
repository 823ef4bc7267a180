import { QueryClient } from '@tanstack/react-query'
import { act, render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PersistedQueries } from './persisted-queries.tsx'
import { createPersister, PERSISTED_CACHE_KEY, persistOptions, saveNow } from './persister.ts'

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

const LISTING = ['ads', 'list', { province: 'ON' }]

function renderWith(client: QueryClient, storage: Storage) {
  render(
    <PersistedQueries
      client={client}
      persistOptions={{ ...persistOptions, persister: createPersister(storage) }}
      waitForRestore={false}
      onRestored={() => undefined}
      saveNow={() => saveNow(client, storage)}
    >
      <p>page</p>
    </PersistedQueries>,
  )
}

describe('the saved copy of the queries', () => {
  it('holds a server-rendered page’s listing without waiting for another change, so it opens offline', async () => {
    const storage = memoryStorage()
    const client = new QueryClient()
    // what hydration puts in the client before anything is saved
    client.setQueryData(LISTING, { items: ['an ad'] })
    renderWith(client, storage)
    await waitFor(() => expect(storage.getItem(PERSISTED_CACHE_KEY)).toContain('an ad'), { timeout: 3_000 })
  })

  it('is written at once when the page is left, not a second later when the page is gone', async () => {
    const storage = memoryStorage()
    const client = new QueryClient()
    client.setQueryData(LISTING, { items: ['an ad'] })
    renderWith(client, storage)
    // the restore of the (empty) saved copy ends, and saving starts
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    client.setQueryData(LISTING, { items: ['a newer ad'] })
    window.dispatchEvent(new Event('pagehide'))
    expect(storage.getItem(PERSISTED_CACHE_KEY)).toContain('a newer ad')
  })
})
