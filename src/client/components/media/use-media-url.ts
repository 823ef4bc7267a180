// Shows a photo or video reference: ordinary URLs as they are, stored blobs (`idb-blob:<id>`) as an
// object URL. The blob store (and with it IndexedDB's library) is loaded only when a blob is shown,
// so pages like the listing that show stock pictures stay light.
import { useEffect, useState } from 'react'
import { blobIdOf } from '#domain/blob-ref.ts'

export function useMediaUrl(ref: string): string | undefined {
  const id = blobIdOf(ref)
  const [loaded, setLoaded] = useState<{ id: string; url: string } | undefined>(undefined)
  useEffect(() => {
    if (id === null) return
    let objectUrl: string | undefined
    let live = true
    void import('#client/db/blobs-repository.ts')
      .then(({ getBlob }) => getBlob(id))
      .then((blob) => {
        if (!live || !blob) return
        objectUrl = URL.createObjectURL(blob)
        setLoaded({ id, url: objectUrl })
      })
      .catch(() => undefined)
    return () => {
      live = false
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [id])
  if (id === null) return ref
  return loaded?.id === id ? loaded.url : undefined
}
