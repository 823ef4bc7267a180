import type { ComponentProps } from 'react'
import { usePrivateUrl } from './use-private-url.ts'

export type PrivateVideoProps = Omit<ComponentProps<'video'>, 'src'> & {
  src: string
  /** whose token proves the right to see it: the owner's ('user') or an admin's */
  auth: 'user' | 'admin'
}

/** A <video> for a file the server gives only to its owner and the admins (use-private-url.ts). */
export function PrivateVideo({ src, auth, ...props }: PrivateVideoProps) {
  return <video src={usePrivateUrl(src, auth)} {...props} />
}
