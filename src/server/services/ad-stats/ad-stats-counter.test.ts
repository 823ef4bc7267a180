import { describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.ts'
import { AdStatsCounter } from './ad-stats-counter.ts'

const NOON = new Date('2026-11-20T12:00:00Z')

/** A database whose execute fails while `down` is set, and records the statements it ran. */
function fakeDb() {
  const state = { down: false, statements: 0 }
  const db = {
    execute: async () => {
      if (state.down) throw new Error('database down')
      state.statements += 1
      return { rows: [] }
    },
  } as unknown as Db
  return { db, state }
}

describe('the ad stats counter', () => {
  it('counts a visitor once a day per ad, and again the next day', () => {
    const counter = new AdStatsCounter()
    expect(counter.countView('ad1', 'd:one', NOON)).toBe(true)
    expect(counter.countView('ad1', 'd:one', NOON)).toBe(false)
    expect(counter.countView('ad2', 'd:one', NOON)).toBe(true)
    expect(counter.countView('ad1', 'd:two', NOON)).toBe(true)
    expect(counter.countView('ad1', 'd:one', new Date('2026-11-21T00:00:01Z'))).toBe(true)
    // (day, ad) pairs waiting: ad1 and ad2 on the 20th, ad1 on the 21st
    expect(counter.pending).toBe(3)
  })

  it('writes everything in one statement, and keeps the counts when the database is down', async () => {
    const counter = new AdStatsCounter()
    const { db, state } = fakeDb()
    counter.countView('ad1', 'd:one', NOON)
    counter.countReveal('ad1', NOON)
    state.down = true
    await expect(counter.flush(db)).rejects.toThrow('database down')
    expect(counter.pending).toBe(1)
    state.down = false
    await counter.flush(db)
    expect(state.statements).toBe(1)
    expect(counter.pending).toBe(0)
    await counter.flush(db)
    expect(state.statements).toBe(1)
  })
})
