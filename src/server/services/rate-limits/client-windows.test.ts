import { describe, expect, it } from 'vitest'
import { ClientWindows } from './client-windows.ts'

interface Window {
  resetAt: number
}

/** What ClientWindows must do, written the obvious way: a new walk from the front at every new client. */
class WalkFromTheFront {
  readonly windows = new Map<string, Window>()
  constructor(private readonly maxKeys: number) {}
  start(key: string, window: Window, now: number): void {
    if (!this.windows.delete(key)) {
      for (const [old, w] of this.windows) {
        if (w.resetAt > now && this.windows.size < this.maxKeys) break
        this.windows.delete(old)
      }
    }
    this.windows.set(key, window)
  }
}

// a fixed pseudo-random sequence (mulberry32): the same run every time
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('client windows', () => {
  it('keeps exactly the windows a walk from the front would, through restarts, endings and a full map', () => {
    const next = random(30)
    const windowMs = 1_000
    const kept = new ClientWindows<Window>(200)
    const reference = new WalkFromTheFront(200)
    let now = 0
    // enough new clients that V8 rehashes the map many times under the kept cursor
    for (let step = 0; step < 60_000; step++) {
      now += Math.floor(next() * 3)
      // mostly new clients, some returning ones (a window that ended starts again and moves to the end)
      const key = next() < 0.5 ? `new-${step}` : `back-${Math.floor(next() * 50)}`
      const current = kept.get(key)
      expect(current).toBe(reference.windows.get(key))
      if (current !== undefined && current.resetAt > now) continue
      const window = { resetAt: now + windowMs }
      kept.start(key, window, now)
      reference.start(key, window, now)
      expect(kept.size).toBe(reference.windows.size)
    }
    for (const [key, window] of reference.windows) expect(kept.get(key)).toBe(window)
  })

  it('passes over a window that started again after the walk reached it, and keeps its new one', () => {
    const kept = new ClientWindows<Window>(10)
    kept.start('a', { resetAt: 100 }, 0)
    // the walk stops at 'a', which is live
    kept.start('b', { resetAt: 110 }, 10)
    const again = { resetAt: 250 }
    kept.start('a', again, 150)
    kept.start('c', { resetAt: 260 }, 160)
    expect(kept.get('a')).toBe(again)
    expect(kept.get('b')).toBeUndefined()
    expect(kept.size).toBe(2)
  })

  it('forgets every ended window and takes new clients again once it was emptied', () => {
    const kept = new ClientWindows<Window>(10)
    for (let i = 0; i < 5; i++) kept.start(`a-${i}`, { resetAt: 100 }, 0)
    kept.start('b', { resetAt: 300 }, 200)
    expect(kept.size).toBe(1)
    kept.start('c', { resetAt: 1_000 }, 400)
    expect(kept.size).toBe(1)
    kept.start('d', { resetAt: 1_000 }, 500)
    expect([kept.get('c')?.resetAt, kept.get('d')?.resetAt]).toEqual([1_000, 1_000])
  })
})
