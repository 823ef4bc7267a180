import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/lib/http.ts'
import { blobRef } from '#domain/blob-ref.ts'
import { UNATTACHED_UPLOAD_TTL_MS } from '#domain/constants.ts'
import { createUploadQueue, type UploadDeps } from './upload-queue.ts'

interface Sent {
  blob: Blob
  progress: (fraction: number) => void
  signal: AbortSignal
  resolve: (id: string) => void
  reject: (error: unknown) => void
}

/** A queue over an in-memory blob store and a server the test answers by hand. */
function harness(options: { online?: boolean; now?: number; unreadable?: string } = {}) {
  const blobs = new Map<string, Blob>()
  const uploaded = new Map<string, { mediaId: string; uploadedAt: string }>()
  const sent: Sent[] = []
  let online = options.online ?? true
  const onlineListeners = new Set<() => void>()
  const now = options.now ?? Date.parse('2026-11-23T12:00:00Z')
  const deps: UploadDeps = {
    send: (blob, { onProgress, signal }) =>
      new Promise((resolve, reject) => {
        sent.push({ blob, progress: onProgress, signal, resolve: (id) => resolve({ id }), reject })
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      }),
    getBlob: async (id) => {
      if (id === options.unreadable) throw new Error('IndexedDB is closed')
      return blobs.get(id)
    },
    getUploaded: async (id) => uploaded.get(id),
    setUploaded: async (id, mediaId) => {
      if (mediaId) uploaded.set(id, { mediaId, uploadedAt: new Date(now).toISOString() })
      else uploaded.delete(id)
    },
    isOnline: () => online,
    now: () => now,
    onOnline: (listener) => {
      onlineListeners.add(listener)
      return () => onlineListeners.delete(listener)
    },
  }
  const queue = createUploadQueue(deps)
  const file = (id: string) => {
    blobs.set(id, new Blob([id]))
    return blobRef(id)
  }
  const goOnline = () => {
    online = true
    for (const listener of onlineListeners) listener()
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { queue, sent, uploaded, file, goOnline, settle, blobs }
}

describe('the upload queue', () => {
  it('sends picked files one at a time, in order, with their progress, and remembers each media id', async () => {
    const h = harness()
    const [a, b] = [h.file('a'), h.file('b')]
    h.queue.track([a, b])
    await h.settle()
    expect(h.sent).toHaveLength(1)
    expect(h.queue.stateOf(b)?.phase).toBe('queued')
    h.sent[0]?.progress(0.5)
    expect(h.queue.stateOf(a)).toEqual({ phase: 'uploading', progress: 0.5 })
    h.sent[0]?.resolve('media-a')
    await h.settle()
    expect(h.queue.stateOf(a)).toEqual({ phase: 'done', progress: 1 })
    expect(h.uploaded.get('a')?.mediaId).toBe('media-a')
    expect(h.sent).toHaveLength(2)
    expect(await h.sent[1]?.blob.text()).toBe('b')
  })

  it('leaves URLs alone: only device files are uploaded', async () => {
    const h = harness()
    h.queue.track(['/media/x/640.webp', '/stock/photo.jpg'])
    await h.settle()
    expect(h.sent).toHaveLength(0)
    expect(h.queue.stateOf('/stock/photo.jpg')).toBeUndefined()
  })

  it('keeps a file picked offline waiting, and sends it when the connection returns', async () => {
    const h = harness({ online: false })
    const a = h.file('a')
    h.queue.track([a])
    await h.settle()
    expect(h.queue.stateOf(a)?.phase).toBe('waiting')
    expect(h.sent).toHaveLength(0)
    h.goOnline()
    await h.settle()
    expect(h.sent).toHaveLength(1)
  })

  it('waits again when the connection drops during an upload', async () => {
    const h = harness()
    const a = h.file('a')
    h.queue.track([a])
    await h.settle()
    h.sent[0]?.reject(new ApiError(0, 'Network error'))
    await h.settle()
    expect(h.queue.stateOf(a)?.phase).toBe('waiting')
    h.goOnline()
    await h.settle()
    expect(h.sent).toHaveLength(2)
  })

  it('shows why the server refused a file, counts it as failed, and tries again on Retry', async () => {
    const h = harness()
    const a = h.file('a')
    h.queue.track([a])
    await h.settle()
    h.sent[0]?.reject(new ApiError(415, 'Unsupported file'))
    await h.settle()
    expect(h.queue.stateOf(a)).toEqual({ phase: 'failed', progress: 0, detail: 'Unsupported file' })
    expect(h.queue.anyFailed([a])).toBe(true)
    h.queue.retry(a)
    await h.settle()
    expect(h.sent).toHaveLength(2)
    expect(h.queue.anyFailed([a])).toBe(false)
  })

  it('reuses an id uploaded earlier (a reload) but sends again one the server may have swept', async () => {
    const now = Date.parse('2026-11-23T12:00:00Z')
    const h = harness({ now })
    const [fresh, stale] = [h.file('fresh'), h.file('stale')]
    h.uploaded.set('fresh', { mediaId: 'm-fresh', uploadedAt: new Date(now - 60_000).toISOString() })
    h.uploaded.set('stale', {
      mediaId: 'm-stale',
      uploadedAt: new Date(now - UNATTACHED_UPLOAD_TTL_MS + 60_000).toISOString(),
    })
    h.queue.track([fresh, stale])
    await h.settle()
    expect(h.queue.stateOf(fresh)?.phase).toBe('done')
    expect(h.sent).toHaveLength(1)
    expect(await h.sent[0]?.blob.text()).toBe('stale')
  })

  it('gives checkout the id of a file still uploading without sending it twice', async () => {
    const h = harness()
    const a = h.file('a')
    h.queue.track([a])
    await h.settle()
    const id = h.queue.mediaIdFor(a)
    h.sent[0]?.resolve('media-a')
    expect(await id).toBe('media-a')
    expect(h.sent).toHaveLength(1)
  })

  it('sends at checkout a file that was waiting for the connection', async () => {
    const h = harness({ online: false })
    const a = h.file('a')
    h.queue.track([a])
    await h.settle()
    const id = h.queue.mediaIdFor(a)
    await h.settle()
    h.sent[0]?.resolve('media-a')
    expect(await id).toBe('media-a')
  })

  it('throws the refusal at checkout, and gives null for a file the device lost', async () => {
    const h = harness()
    const a = h.file('a')
    const id = h.queue.mediaIdFor(a)
    await h.settle()
    h.sent[0]?.reject(new ApiError(413, 'Photos may be at most 15 MB'))
    await expect(id).rejects.toMatchObject({ status: 413 })
    expect(await h.queue.mediaIdFor(blobRef('gone'))).toBeNull()
  })

  it('shows a file as failed, and goes on with the next, when the device cannot read it back', async () => {
    const h = harness({ unreadable: 'a' })
    const [a, b] = [h.file('a'), h.file('b')]
    h.queue.track([a, b])
    await h.settle()
    expect(h.queue.stateOf(a)).toEqual({ phase: 'failed', progress: 0 })
    expect(h.sent).toHaveLength(1)
    expect(await h.sent[0]?.blob.text()).toBe('b')
  })

  it('stops the upload of a file removed from the form', async () => {
    const h = harness()
    const a = h.file('a')
    h.queue.track([a])
    await h.settle()
    h.queue.forget([a])
    expect(h.sent[0]?.signal.aborted).toBe(true)
    expect(h.queue.stateOf(a)).toBeUndefined()
  })

  it('uploads again files an ad has claimed, so a second ad from the same draft gets its own', async () => {
    const h = harness()
    const a = h.file('a')
    const first = h.queue.mediaIdFor(a)
    await h.settle()
    h.sent[0]?.resolve('media-1')
    expect(await first).toBe('media-1')
    await h.queue.release([a])
    const second = h.queue.mediaIdFor(a)
    await h.settle()
    h.sent[1]?.resolve('media-2')
    expect(await second).toBe('media-2')
  })
})
