// Photos and videos upload as soon as they are picked, one at a time, while the user goes on typing.
// The form keeps its `idb-blob:` references (the preview works offline); this queue maps each blob to
// the server's media id once uploaded, and remembers that id beside the blob (blobs-repository.ts) so
// a reload, or a checkout made later, does not send the file again. Offline, a file waits and goes
// when the browser is back online; at checkout `mediaIdFor` finishes whatever is still unsent.
import { ApiError, isApiError } from '#client/lib/http.ts'
import { blobIdOf } from '#domain/blob-ref.ts'
import { UNATTACHED_UPLOAD_TTL_MS } from '#domain/constants.ts'

export type UploadPhase = 'queued' | 'uploading' | 'waiting' | 'done' | 'failed'

export interface UploadState {
  phase: UploadPhase
  /** share of the file sent, 0 to 1 */
  progress: number
  /** why it failed, in words for the user (the server's detail) */
  detail?: string
}

export interface UploadDeps {
  send: (
    blob: Blob,
    options: { onProgress: (fraction: number) => void; signal: AbortSignal },
  ) => Promise<{ id: string }>
  getBlob: (id: string) => Promise<Blob | undefined>
  getUploaded: (id: string) => Promise<{ mediaId: string; uploadedAt: string } | undefined>
  setUploaded: (id: string, mediaId: string | null) => Promise<void>
  isOnline: () => boolean
  now: () => number
  /** calls back when the connection returns; gives the unsubscribe */
  onOnline: (listener: () => void) => () => void
}

// an id older than this may be swept by the server before the ad claims it: upload the file again
const REUSE_FOR_MS = UNATTACHED_UPLOAD_TTL_MS - 2 * 60 * 60 * 1000

interface Entry {
  state: UploadState
  mediaId?: string
  error?: unknown
  job?: Promise<void>
  controller?: AbortController
}

const QUEUED: UploadState = { phase: 'queued', progress: 0 }

export function createUploadQueue(deps: UploadDeps) {
  const entries = new Map<string, Entry>()
  const listeners = new Set<() => void>()
  let pumping = false
  let watching = false

  const emit = () => {
    for (const listener of listeners) listener()
  }
  const update = (id: string, entry: Entry, state: UploadState) => {
    entry.state = state
    if (entries.get(id) === entry) emit()
  }

  async function attempt(id: string, entry: Entry, force: boolean): Promise<void> {
    const known = await deps.getUploaded(id)
    if (known && deps.now() - Date.parse(known.uploadedAt) < REUSE_FOR_MS) {
      entry.mediaId = known.mediaId
      update(id, entry, { phase: 'done', progress: 1 })
      return
    }
    const blob = await deps.getBlob(id)
    if (entries.get(id) !== entry) return
    if (!blob) {
      // the device lost it (storage cleared): nothing to send, and nothing the ad can show
      entries.delete(id)
      emit()
      return
    }
    if (!force && !deps.isOnline()) {
      update(id, entry, { phase: 'waiting', progress: 0 })
      return
    }
    const controller = new AbortController()
    entry.controller = controller
    update(id, entry, { phase: 'uploading', progress: 0 })
    try {
      const media = await deps.send(blob, {
        signal: controller.signal,
        onProgress: (progress) => update(id, entry, { phase: 'uploading', progress }),
      })
      if (entries.get(id) !== entry) return
      await deps.setUploaded(id, media.id)
      entry.mediaId = media.id
      entry.error = undefined
      update(id, entry, { phase: 'done', progress: 1 })
    } catch (error) {
      if (controller.signal.aborted) return
      entry.error = error
      // no answer at all: the connection dropped; it goes again when the browser is back online
      if (isApiError(error) && error.status === 0) update(id, entry, { phase: 'waiting', progress: 0 })
      else
        update(id, entry, {
          phase: 'failed',
          progress: 0,
          detail: isApiError(error) ? error.detail : undefined,
        })
    } finally {
      entry.controller = undefined
    }
  }

  function run(id: string, entry: Entry, force = false): Promise<void> {
    entry.job ??= attempt(id, entry, force)
      .catch((error: unknown) => {
        // the device's own store failed (IndexedDB): a failure the user can retry, never a stuck queue
        entry.error = error
        update(id, entry, { phase: 'failed', progress: 0 })
      })
      .finally(() => {
        entry.job = undefined
      })
    return entry.job
  }

  async function pump(): Promise<void> {
    if (pumping) return
    pumping = true
    try {
      for (;;) {
        const next = [...entries].find(([, entry]) => entry.state.phase === 'queued' && !entry.job)
        if (!next) return
        await run(next[0], next[1])
      }
    } finally {
      pumping = false
    }
  }

  function requeue(predicate: (entry: Entry) => boolean): void {
    let changed = false
    for (const entry of entries.values()) {
      if (!entry.job && predicate(entry)) {
        entry.state = QUEUED
        changed = true
      }
    }
    if (changed) emit()
    void pump()
  }

  function stateOf(ref: string): UploadState | undefined {
    const id = blobIdOf(ref)
    return id === null ? undefined : entries.get(id)?.state
  }

  function watchConnection(): void {
    if (watching) return
    watching = true
    // for the page's lifetime: the queue is one per page (uploads.ts)
    deps.onOnline(() => requeue((entry) => entry.state.phase === 'waiting'))
  }

  return {
    /** Starts uploading every device file among these references that is not uploaded or on its way. */
    track(refs: readonly string[]): void {
      let added = false
      for (const ref of refs) {
        const id = blobIdOf(ref)
        if (id === null || entries.has(id)) continue
        entries.set(id, { state: QUEUED })
        added = true
      }
      if (!added) return
      watchConnection()
      emit()
      void pump()
    },

    /** Tries a failed or waiting file again. */
    retry(ref: string): void {
      const id = blobIdOf(ref)
      requeue((entry) => entry === entries.get(id ?? ''))
    },

    /** Stops and forgets these files' uploads (removed from the form). */
    forget(refs: readonly string[]): void {
      for (const ref of refs) {
        const id = blobIdOf(ref)
        const entry = id === null ? undefined : entries.get(id)
        if (!id || !entry) continue
        entries.delete(id)
        entry.controller?.abort()
      }
      emit()
    },

    /**
     * Forgets the media ids of files an ad has just claimed: an id serves one ad only, so another
     * ad made from the same files later uploads them again.
     */
    async release(refs: readonly string[]): Promise<void> {
      for (const ref of refs) {
        const id = blobIdOf(ref)
        if (id === null) continue
        entries.delete(id)
        await deps.setUploaded(id, null)
      }
      emit()
    },

    /**
     * The media id of a device file, uploading it now if it has not gone yet (whatever the browser
     * says about the connection); null when the device no longer has the file. Throws the upload's
     * error when it cannot be sent.
     */
    async mediaIdFor(ref: string): Promise<string | null> {
      const id = blobIdOf(ref)
      if (id === null) return null
      let entry = entries.get(id)
      if (!entry) {
        entry = { state: QUEUED }
        entries.set(id, entry)
        emit()
      }
      if (entry.job) await entry.job
      if (entry.state.phase !== 'done') await run(id, entry, true)
      if (entries.get(id) !== entry) return null
      if (entry.state.phase === 'done' && entry.mediaId) return entry.mediaId
      throw entry.error ?? new ApiError(0, entry.state.detail ?? '')
    },

    /** Whether any of these files was refused by the server (or could not be sent) and not retried. */
    anyFailed(refs: readonly string[]): boolean {
      return refs.some((ref) => stateOf(ref)?.phase === 'failed')
    },

    /** How a reference's upload stands; undefined for URLs and files not tracked. */
    stateOf,

    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
