import type { PhotoView } from '#domain/api/media.ts'

export interface AdPhotoProps {
  photo: PhotoView
  alt: string
  /** the widths the photo is shown at, for the browser to pick from srcSet */
  sizes: string
  loading?: 'eager' | 'lazy'
  /** 'high' for the page's largest paint, so the browser fetches it before other images */
  fetchPriority?: 'high' | undefined
  className?: string
}

/**
 * A server photo: the browser picks the smallest WebP that fills the box (srcSet/sizes), the box keeps
 * its size before the bytes arrive (width/height), and the tiny blurred placeholder shows meanwhile.
 */
export function AdPhoto({ photo, alt, sizes, loading = 'lazy', fetchPriority, className }: AdPhotoProps) {
  return (
    <img
      src={photo.src}
      srcSet={photo.srcSet || undefined}
      sizes={photo.srcSet ? sizes : undefined}
      width={photo.width || 400}
      height={photo.height || 300}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      className={className}
      style={
        photo.placeholder
          ? { backgroundImage: `url("${photo.placeholder}")`, backgroundSize: 'cover' }
          : undefined
      }
    />
  )
}
