// The photo and video pickers of /post and /edit: a thumbnail grid where each file shows its upload
// (a progress bar, then Uploaded, or why it failed with Retry), moves earlier or later (the first
// photo is the ad's cover) and can be removed. Files start uploading when picked
// (lib/media/upload-queue.ts); the limits are in the hint before anyone reaches them.
import { ArrowLeft, ArrowRight, Check, ImagePlus, type LucideIcon, RotateCw, Video, X } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useMediaUrl } from '#client/components/media/use-media-url.ts'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { storePhoto, storeVideo } from '#client/lib/media/media-store.ts'
import type { UploadState } from '#client/lib/media/upload-queue.ts'
import { uploads, useUploadState } from '#client/lib/media/uploads.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { addWithinLimit, moveItem } from '#domain/ad-form-rules.ts'
import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES } from '#domain/constants.ts'

const t = msgPost.post
const MB = 1024 * 1024

type MediaKind = 'photos' | 'videos'

/** Everything that differs between the photo and the video picker. */
interface KindSpec {
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

const KINDS: Record<MediaKind, KindSpec> = {
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

const iconButton =
  'grid size-8 place-items-center rounded-full text-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-40'

function UploadStatus({ state, file, onRetry }: { state: UploadState; file: string; onRetry: () => void }) {
  const percent = Math.round(state.progress * 100)
  if (state.phase === 'done') {
    return (
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        <Check className="size-3.5 text-primary" aria-hidden />
        {t.uploaded}
      </p>
    )
  }
  if (state.phase === 'failed') {
    return (
      <div className="grid gap-1">
        <p className="flex items-center justify-between gap-1 text-xs font-medium text-destructive">
          {t.uploadFailed}
          <button
            type="button"
            onClick={onRetry}
            aria-label={fill(t.retryUpload, { file })}
            className={iconButton}
          >
            <RotateCw className="size-4" aria-hidden />
          </button>
        </p>
        {state.detail && <p className="line-clamp-4 text-xs text-destructive">{state.detail}</p>}
      </div>
    )
  }
  const label =
    state.phase === 'uploading'
      ? fill(t.uploading, { percent })
      : state.phase === 'waiting'
        ? t.uploadOffline
        : t.uploadQueued
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={fill(t.uploadOf, { file })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">{label}</p>
    </div>
  )
}

function MediaTile({
  spec,
  refId,
  index,
  count,
  onRemove,
  onMove,
}: {
  spec: KindSpec
  refId: string
  index: number
  count: number
  onRemove: () => void
  onMove: (to: number) => void
}) {
  const url = useMediaUrl(refId)
  const upload = useUploadState(refId)
  const n = { n: index + 1 }
  const file = fill(spec.name, n)
  return (
    <li className="grid content-start gap-1.5">
      <div className={`relative ${spec.tileClass} overflow-hidden rounded-md border border-border bg-muted`}>
        {url && spec.preview(url, index)}
        {spec.cover && index === 0 && (
          <span className="absolute top-1 left-1 rounded bg-background/90 px-1.5 py-0.5 text-xs font-medium shadow">
            {t.cover}
          </span>
        )}
        <button
          type="button"
          onClick={onRemove}
          aria-label={fill(spec.remove, n)}
          className="absolute top-1 right-1 grid size-8 place-items-center rounded-full bg-background/90 text-foreground shadow outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      {upload && <UploadStatus state={upload} file={file} onRetry={() => uploads.retry(refId)} />}
      {count > 1 && (
        <div className="flex justify-between">
          <button
            type="button"
            className={iconButton}
            disabled={index === 0}
            aria-label={fill(spec.moveEarlier, n)}
            onClick={() => onMove(index - 1)}
          >
            <ArrowLeft className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            className={iconButton}
            disabled={index === count - 1}
            aria-label={fill(spec.moveLater, n)}
            onClick={() => onMove(index + 1)}
          >
            <ArrowRight className="size-4" aria-hidden />
          </button>
        </div>
      )}
    </li>
  )
}

interface PickerProps {
  kind: MediaKind
  refs: readonly string[]
  max: number
  onChange: (refs: string[]) => void
  /** called with refs removed from the list (their blobs may be forgotten) */
  onRemoved?: (refs: string[]) => void
  error?: string
}

function usePicker({ refs, max, onChange }: PickerProps, spec: KindSpec) {
  const [busy, setBusy] = useState(false)
  const latest = useRef(refs)
  latest.current = refs
  // picks are stored one after the other, so files land in the order they were picked (a small file
  // picked second no longer overtakes a large one) and each pick sees the room the last one left
  const queue = useRef<Promise<void>>(Promise.resolve())
  const pick = (files: FileList | null): Promise<void> => {
    // copied now: the input is cleared for the next pick before this one's turn comes
    const chosen = Array.from(files ?? [])
    const next = queue.current.then(() => store(chosen))
    // one failed pick must not stop the ones after it
    queue.current = next.catch(() => undefined)
    return next
  }
  const store = async (chosen: File[]) => {
    if (chosen.length === 0) return
    const room = Math.max(0, max - latest.current.length)
    if (chosen.length > room) {
      toast({ title: spec.limitTitle, description: fill(spec.limit, { max }), variant: 'destructive' })
    }
    setBusy(true)
    try {
      const stored: string[] = []
      for (const file of chosen.slice(0, room)) {
        if (file.size > spec.maxBytes) {
          const description = fill(t.fileTooLarge, { name: file.name, mb: spec.maxBytes / MB })
          toast({ title: t.fileTooLargeTitle, description, variant: 'destructive' })
          continue
        }
        try {
          stored.push(await spec.store(file))
        } catch {
          toast({ title: t.photoFailed, variant: 'destructive' })
        }
      }
      const items = addWithinLimit(latest.current, stored, max).items
      // the next pick in the queue runs before React renders these refs back into `latest`
      latest.current = items
      onChange(items)
    } finally {
      setBusy(false)
    }
  }
  return { busy, pick }
}

export function MediaPicker(props: PickerProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const spec = KINDS[props.kind]
  const { busy, pick } = usePicker(props, spec)
  const { refs, max, onChange, onRemoved, error } = props
  const AddIcon = spec.addIcon
  // a draft reopened with files that never went (offline, or the tab closed) sends them now
  useEffect(() => {
    uploads.track(refs)
  }, [refs])
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium">{spec.legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {fill(spec.hint, { max, mb: spec.maxBytes / MB })} ({refs.length}/{max})
      </p>
      {refs.length > 0 && (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
          {refs.map((ref, i) => (
            <MediaTile
              key={ref}
              spec={spec}
              refId={ref}
              index={i}
              count={refs.length}
              onRemove={() => {
                onChange(refs.filter((r) => r !== ref))
                onRemoved?.([ref])
              }}
              onMove={(to) => onChange(moveItem(refs, i, to))}
            />
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept={spec.accept}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={spec.add}
        onChange={(e) => {
          void pick(e.target.files)
          e.target.value = ''
        }}
      />
      <div className={spec.clearable ? 'flex flex-wrap gap-2' : undefined}>
        <Button
          type="button"
          variant="outline"
          disabled={busy || refs.length >= max}
          onClick={() => input.current?.click()}
        >
          <AddIcon aria-hidden />
          {spec.add}
        </Button>
        {spec.clearable && (
          <Button
            type="button"
            variant="ghost"
            disabled={refs.length === 0}
            onClick={() => {
              const removed = [...refs]
              onChange([])
              onRemoved?.(removed)
              toast({ title: t.videosCleared })
            }}
          >
            {t.clearVideos}
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
