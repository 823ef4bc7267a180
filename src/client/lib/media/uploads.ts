// The app's one upload queue (upload-queue.ts), wired to the browser: XHR uploads, the blob store and
// the `online` event; and the hook a thumbnail uses to show its file's progress.
import { useCallback, useSyncExternalStore } from 'react'
import { getBlob, getUploaded, setUploaded } from '#client/db/blobs-repository.ts'
import { uploadFile } from './upload-file.ts'
import { createUploadQueue, type UploadState } from './upload-queue.ts'

export const uploads = createUploadQueue({
  send: (blob, options) => uploadFile(blob, options),
  getBlob,
  getUploaded,
  setUploaded,
  isOnline: () => navigator.onLine,
  now: () => Date.now(),
  onOnline: (listener) => {
    window.addEventListener('online', listener)
    return () => window.removeEventListener('online', listener)
  },
})

export function useUploadState(ref: string): UploadState | undefined {
  const read = useCallback(() => uploads.stateOf(ref), [ref])
  return useSyncExternalStore(uploads.subscribe, read, () => undefined)
}
