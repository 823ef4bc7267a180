import type { ComponentProps } from 'react'
import { useMediaUrl } from './use-media-url.ts'

export type MediaImageProps = Omit<ComponentProps<'img'>, 'src'> & { src: string; alt: string }

/** An <img> for an ad photo: a URL, or a photo kept on this device by the post form. */
export function MediaImage({ src, alt, ...props }: MediaImageProps) {
  const url = useMediaUrl(src)
  return <img src={url} alt={alt} {...props} />
}
