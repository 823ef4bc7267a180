// Shows a photo or video reference: ordinary URLs as they are, stored blobs (`idb-blob:<id>`) as an
// object URL. The blob store (and with it IndexedDB's library) is loaded only when a blob is shown,
// so pages like the listing that show stock pictures stay light.
import { useEffect, useState } from 'react'
import { blobIdOf } from '#domain/post-draft.ts'

/** A URL the page can show for a reference: the URL itself, or an object URL for a stored blob. */
export function useMediaUrl(ref: string): string | undefined {
  const id = blobIdOf(ref)
  const [url, setUrl] = useState<string | undefined>(id === null ? ref : undefined)
  useEffect(() => {
    if (id === null) {
      setUrl(ref)
      return
    }
    let objectUrl: string | undefined
    let live = true
    setUrl(undefined)
    void import('#client/db/blobs-repository.ts')
      .then(({ getBlob }) => getBlob(id))
      .then((blob) => {
        if (!live || !blob) return
        objectUrl = URL.createObjectURL(blob)
        setUrl(objectUrl)
      })
      .catch(() => undefined)
    return () => {
      live = false
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [id, ref])
  return url
}
