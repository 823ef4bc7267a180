// Everything that differs between the photo and the video picker of the ad form (media-pickers.tsx).
import { ImagePlus, type LucideIcon, Video } from 'lucide-react'
import type { ReactNode } from 'react'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { storePhoto, storeVideo } from '#client/lib/media/media-store.ts'
import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES } from '#domain/constants.ts'

const t = msgPost.post

export type MediaKind = 'photos' | 'videos'

/** Everything that differs between the photo and the video picker. */
export interface KindSpec {
  store: (file: File) => Promise<string>
  accept: string
  maxBytes: number
  legend: string
  hint: string
  add: string
  addIcon: LucideIcon
  limitTitle: string
  limit: string
  /** the file's name for buttons and the progress bar: "Photo 2" */
  name: string
  remove: string
  moveEarlier: string
  moveLater: string
  tileClass: string
  preview: (url: string, index: number) => ReactNode
  /** photos: the first is the ad's cover, and says so */
  cover: boolean
  /** videos can be cleared in one go; photos cannot (the spec only asks it for videos) */
  clearable: boolean
}

export const KINDS: Record<MediaKind, KindSpec> = {
  photos: {
    store: storePhoto,
    accept: 'image/*',
    maxBytes: MAX_PHOTO_BYTES,
    legend: t.fields.photos,
    hint: t.fields.photosHint,
    add: t.addPhotos,
    addIcon: ImagePlus,
    limitTitle: t.photosLimitTitle,
    limit: t.photosLimit,
    name: t.photoAlt,
    remove: t.removePhoto,
    moveEarlier: t.movePhotoEarlier,
    moveLater: t.movePhotoLater,
    tileClass: 'aspect-square',
    preview: (url, index) => (
      <img src={url} alt={fill(t.photoAlt, { n: index + 1 })} className="size-full object-cover" />
    ),
    cover: true,
    clearable: false,
  },
  videos: {
    store: storeVideo,
    accept: 'video/*',
    maxBytes: MAX_VIDEO_BYTES,
    legend: t.fields.videos,
    hint: t.fields.videosHint,
    add: t.addVideos,
    addIcon: Video,
    limitTitle: t.videosLimitTitle,
    limit: t.videosLimit,
    name: t.videoName,
    remove: t.removeVideo,
    moveEarlier: t.moveVideoEarlier,
    moveLater: t.moveVideoLater,
    tileClass: 'aspect-video',
    preview: (url) => <video src={url} muted preload="metadata" className="size-full object-cover" />,
    cover: false,
    clearable: true,
  },
}
