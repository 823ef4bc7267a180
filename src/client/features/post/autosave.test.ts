import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resetDb } from '#client/db/database.ts'
import { loadDraft } from '#client/db/drafts-repository.ts'
import { AdFormValuesSchema, emptyFormValues } from '#domain/ad-form-rules.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { persistDraft } from './autosave.ts'

beforeEach(async () => {
  await resetDb({ deleteData: true })
  localStorage.clear()
})
afterEach(async () => {
  await resetDb({ deleteData: true })
})

describe('the form draft', () => {
  it('is kept as typed and read back; an emptied form leaves no draft behind', async () => {
    await persistDraft({ ...emptyFormValues(), title: 'Lamp', price: 'call me' })
    expect(await loadDraft(AdFormValuesSchema)).toMatchObject({ title: 'Lamp', price: 'call me' })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.draft) ?? 'null')).toMatchObject({ title: 'Lamp' })
    await persistDraft(emptyFormValues())
    expect(await loadDraft(AdFormValuesSchema)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.draft)).toBeNull()
  })
})
