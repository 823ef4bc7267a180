import type { ComponentProps } from 'react'
import { usePrivateUrl } from './use-private-url.ts'

export type PrivateImageProps = Omit<ComponentProps<'img'>, 'src'> & {
  src: string
  alt: string
  /** whose token proves the right to see it: the owner's ('user') or an admin's */
  auth: 'user' | 'admin'
}

/** An <img> for a photo the server gives only to its owner and the admins (use-private-url.ts). */
export function PrivateImage({ src, alt, auth, ...props }: PrivateImageProps) {
  return <img src={usePrivateUrl(src, auth)} alt={alt} {...props} />
}
