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

  it('keeps the last keystrokes of a page left before its IndexedDB write ended', async () => {
    await saveDraft({ title: 'Vintage lamp' })
    // the form's last autosave at pagehide: the mirror is written at once, IndexedDB's write never ends
    localStorage.setItem(STORAGE_KEYS.draft, JSON.stringify({ title: 'Vintage lamp, brass' }))
    localStorage.setItem(STORAGE_KEYS.draftSavedAt, JSON.stringify(new Date(Date.now() + 1000).toISOString()))
    await resetDb()
    await expect(loadDraft(DraftSchema)).resolves.toEqual({ title: 'Vintage lamp, brass', price: '' })
  })

  it('keeps a draft cleared by a page left before IndexedDB deleted it cleared', async () => {
    await saveDraft({ title: 'Vintage lamp' })
    localStorage.removeItem(STORAGE_KEYS.draft)
    localStorage.setItem(STORAGE_KEYS.draftSavedAt, JSON.stringify(new Date(Date.now() + 1000).toISOString()))
    await resetDb()
    await expect(loadDraft(DraftSchema)).resolves.toBeNull()
  })

  it('writes the mirror before anything is awaited, and keeps IndexedDB’s copy when it is the newer', async () => {
    const saving = saveDraft({ title: 'Typed just now' })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.draft) ?? 'null')).toEqual({
      title: 'Typed just now',
    })
    await saving
    // a mirror older than IndexedDB's copy (written by an older version of the app) is replaced by it
    localStorage.setItem(STORAGE_KEYS.draft, JSON.stringify({ title: 'Stale' }))
    localStorage.setItem(STORAGE_KEYS.draftSavedAt, JSON.stringify('2020-01-01T00:00:00.000Z'))
    await resetDb()
    await expect(loadDraft(DraftSchema)).resolves.toEqual({ title: 'Typed just now', price: '' })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.draft) ?? 'null')).toEqual({
      title: 'Typed just now',
    })
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
