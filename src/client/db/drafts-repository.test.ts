import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { getDb, resetDb } from './database.ts'
import { clearDraft, loadDraft, saveDraft } from './drafts-repository.ts'

const DraftSchema = z.object({ title: z.string(), price: z.string().default('') })

beforeEach(async () => {
  await resetDb({ deleteData: true })
  localStorage.clear()
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await resetDb({ deleteData: true })
})

describe('post draft', () => {
  it('saves to IndexedDB and mirrors to the draft key; clearing removes both', async () => {
    await saveDraft({ title: 'Vintage lamp', price: '40' })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.draft) ?? 'null')).toEqual({
      title: 'Vintage lamp',
      price: '40',
    })
    expect((await (await getDb())?.drafts.get('current'))?.value).toEqual({
      title: 'Vintage lamp',
      price: '40',
    })
    await expect(loadDraft(DraftSchema)).resolves.toEqual({ title: 'Vintage lamp', price: '40' })
    await clearDraft()
    expect(localStorage.getItem(STORAGE_KEYS.draft)).toBeNull()
    await expect(loadDraft(DraftSchema)).resolves.toBeNull()
  })

  it('imports a draft left in localStorage when IndexedDB has none', async () => {
    localStorage.setItem(STORAGE_KEYS.draft, JSON.stringify({ title: 'From before' }))
    await expect(loadDraft(DraftSchema)).resolves.toEqual({ title: 'From before', price: '' })
  })

  it.each([
    ['bad JSON', '{"title":'],
    ['a list', '["a"]'],
    ['a string', '"title"'],
    ['the wrong shape', '{"title": 42}'],
  ])('reads a draft key holding %s as no draft', async (_label, raw) => {
    localStorage.setItem(STORAGE_KEYS.draft, raw)
    await expect(loadDraft(DraftSchema)).resolves.toBeNull()
  })

  it('keeps the draft in localStorage alone without IndexedDB', async () => {
    await resetDb()
    vi.stubGlobal('indexedDB', undefined)
    await saveDraft({ title: 'Offline draft' })
    await expect(loadDraft(DraftSchema)).resolves.toEqual({ title: 'Offline draft', price: '' })
    await clearDraft()
    expect(localStorage.getItem(STORAGE_KEYS.draft)).toBeNull()
  })
})
