import { type ComponentProps, useEffect, useState } from 'react'
import { fetchBlob } from '#client/lib/http.ts'

export type PrivateImageProps = Omit<ComponentProps<'img'>, 'src'> & {
  src: string
  alt: string
  /** whose token proves the right to see it: the owner's ('user') or an admin's */
  auth: 'user' | 'admin'
}

/**
 * An <img> for a photo the server gives only to its owner and the admins (a held ad's: see
 * docs/decisions/033-reports-that-cost.md). An <img> sends no bearer token, so the photo is fetched
 * with one and shown from an object URL, released when the photo changes or leaves the screen.
 */
export function PrivateImage({ src, alt, auth, ...props }: PrivateImageProps) {
  const [shown, setShown] = useState<{ src: string; url: string } | undefined>(undefined)
  useEffect(() => {
    const abort = new AbortController()
    let objectUrl: string | undefined
    fetchBlob(src, auth, abort.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob)
        setShown({ src, url: objectUrl })
      })
      // a photo that cannot be fetched shows as the empty frame around it
      .catch(() => undefined)
    return () => {
      abort.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [src, auth])
  return <img src={shown?.src === src ? shown.url : undefined} alt={alt} {...props} />
}
