// IndexedDB for Dexie in jsdom; every unit test starts with empty browser storage.
import 'fake-indexeddb/auto'
import { configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy/waitFor wait for data, not speed: on a loaded 2-core machine a render can take over a second
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
