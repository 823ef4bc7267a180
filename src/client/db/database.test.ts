import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DB_NAME, getDb, resetDb } from './database.ts'
import { loadDraft } from './drafts-repository.ts'

beforeEach(async () => {
  await resetDb({ deleteData: true })
})
afterEach(async () => {
  await resetDb({ deleteData: true })
})

/** The database as app versions that kept the user's ads in the browser left it. */
async function seedFormerDevice(): Promise<void> {
  const former = new Dexie(DB_NAME)
  former.version(1).stores({
    ads: 'id, seq',
    drafts: 'key',
    pendingPayments: 'id, status, createdAt',
    blobs: 'id',
  })
  await former.open()
  await former.table('ads').put({ id: 'own-1', title: 'Lace mask', seq: 1 })
  await former.table('drafts').put({ key: 'current', value: { title: 'Half-written ad' }, updatedAt: '' })
  former.close()
  localStorage.setItem('mock_ads', JSON.stringify([{ id: 'own-1', title: 'Lace mask' }]))
}

describe('a device from before ads lived on the server', () => {
  it('forgets the ads it kept (table and key) and keeps the draft in progress', async () => {
    await seedFormerDevice()
    const db = await getDb()
    expect([...(db?.backendDB().objectStoreNames ?? [])].sort()).toEqual([
      'blobs',
      'drafts',
      'favourites',
      'pendingPayments',
    ])
    expect(localStorage.getItem('mock_ads')).toBeNull()
    await expect(loadDraft(z.object({ title: z.string() }))).resolves.toEqual({ title: 'Half-written ad' })
  })
})
