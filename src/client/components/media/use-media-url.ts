// Shows a photo or video reference: stock pictures as they are, stored blobs (`idb-blob:<id>`) as an
// object URL, and the user's own uploads (`/media/…`) fetched with their token as an object URL: an
// upload is private to its owner until its ad is live (docs/decisions/062-public-media.md), and a
// plain <img> or <video> sends no token. The blob store (and with it IndexedDB's library) is loaded
// only when a blob is shown, so pages like the listing that show stock pictures stay light.
import { useEffect, useState } from 'react'
import { fetchBlob } from '#client/lib/http.ts'
import { blobIdOf } from '#domain/blob-ref.ts'
import { MEDIA_URL_PREFIX } from '#domain/media-urls.ts'

function loadBlob(ref: string, signal: AbortSignal): Promise<Blob | undefined> {
  const id = blobIdOf(ref)
  if (id !== null) return import('#client/db/blobs-repository.ts').then(({ getBlob }) => getBlob(id))
  return fetchBlob(ref, 'user', signal)
}

export function useMediaUrl(ref: string): string | undefined {
  const asBlob = blobIdOf(ref) !== null || ref.startsWith(MEDIA_URL_PREFIX)
  const [loaded, setLoaded] = useState<{ ref: string; url: string } | undefined>(undefined)
  useEffect(() => {
    if (!asBlob) return
    const abort = new AbortController()
    let objectUrl: string | undefined
    loadBlob(ref, abort.signal)
      .then((blob) => {
        if (abort.signal.aborted || !blob) return
        objectUrl = URL.createObjectURL(blob)
        setLoaded({ ref, url: objectUrl })
      })
      // a file that cannot be fetched shows as the empty tile around it
      .catch(() => undefined)
    return () => {
      abort.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [ref, asBlob])
  if (!asBlob) return ref
  return loaded?.ref === ref ? loaded.url : undefined
}
