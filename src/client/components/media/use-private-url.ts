import { useEffect, useState } from 'react'
import { fetchBlob } from '#client/lib/http.ts'

/**
 * A file the server gives only to its owner or the admins (docs/decisions/033-reports-that-cost.md,
 * 062-public-media.md), as an object URL: an <img> or <video> sends no bearer token, so the file is
 * fetched with one and released when it changes or leaves the screen. Undefined until it is loaded,
 * or when it cannot be.
 */
export function usePrivateUrl(src: string, auth: 'user' | 'admin'): string | undefined {
  const [shown, setShown] = useState<{ src: string; url: string } | undefined>(undefined)
  useEffect(() => {
    const abort = new AbortController()
    let objectUrl: string | undefined
    fetchBlob(src, auth, abort.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob)
        setShown({ src, url: objectUrl })
      })
      // a file that cannot be fetched shows as the empty frame around it
      .catch(() => undefined)
    return () => {
      abort.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [src, auth])
  return shown?.src === src ? shown.url : undefined
}
