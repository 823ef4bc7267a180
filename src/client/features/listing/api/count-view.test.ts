import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VIEW_BEACON_MAX_ADS } from '#domain/api/ads-paths.ts'
import { VIEW_BEACON_WAIT_MS, ViewBatch } from './count-view.ts'

// ids no other test's ad has: the app's own batch (the module's) may send other tests' ads beside these
const id = (n: number) => `zz${String(n).padStart(10, '0')}`

describe("a visit's views in one beacon", () => {
  let sent: string[]
  let visibility: DocumentVisibilityState

  beforeEach(() => {
    vi.useFakeTimers()
    sent = []
    visibility = 'visible'
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: (url: string) => {
        if (url.includes('ads=zz')) sent.push(url)
        return true
      },
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  const adsOf = (url: string) => new URL(url, 'http://x').searchParams.get('ads')?.split('.')

  it('sends every ad the visit opened in one beacon when the page is hidden, each once', () => {
    const batch = new ViewBatch()
    for (const n of [1, 2, 1, 3]) batch.add(id(n))
    expect(sent).toEqual([])
    visibility = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    expect(sent).toHaveLength(1)
    expect(adsOf(sent[0] ?? '')).toEqual([id(1), id(2), id(3)])
    expect(new URL(sent[0] ?? '', 'http://x').searchParams.get('d')).toMatch(/^[0-9a-f]{32}$/)
    // the server counts a visitor once a day: a second look at the same ad costs no request
    batch.add(id(2))
    dispatchEvent(new Event('pagehide'))
    expect(sent).toHaveLength(1)
  })

  it('sends a full beacon at once, and a lone view after a while even if the page stays open', () => {
    const batch = new ViewBatch()
    for (let n = 0; n < VIEW_BEACON_MAX_ADS; n++) batch.add(id(n))
    expect(sent).toHaveLength(1)
    expect(adsOf(sent[0] ?? '')).toHaveLength(VIEW_BEACON_MAX_ADS)
    batch.add(id(100))
    vi.advanceTimersByTime(VIEW_BEACON_WAIT_MS - 1)
    expect(sent).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(sent.map(adsOf)[1]).toEqual([id(100)])
  })

  it('sends what is left when the page is left', () => {
    const batch = new ViewBatch()
    batch.add(id(7))
    dispatchEvent(new Event('pagehide'))
    expect(sent.map(adsOf)).toEqual([[id(7)]])
    vi.advanceTimersByTime(VIEW_BEACON_WAIT_MS)
    expect(sent).toHaveLength(1)
  })
})
