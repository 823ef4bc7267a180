// IndexedDB for Dexie in jsdom; every unit test starts with empty browser storage.
import 'fake-indexeddb/auto'
import { afterEach } from 'vitest'

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
