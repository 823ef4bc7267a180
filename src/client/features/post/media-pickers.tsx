import { ImagePlus, type LucideIcon, Video, X } from 'lucide-react'
import { type ReactNode, useId, useRef, useState } from 'react'
import { useMediaUrl } from '#client/components/media/use-media-url.ts'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { storePhoto, storeVideo } from '#client/lib/media/media-store.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { addWithinLimit } from '#domain/ad-form-rules.ts'

const t = msg.post

type MediaKind = 'photos' | 'videos'

/** Everything that differs between the photo and the video picker. */
interface KindSpec {
  store: (file: File) => Promise<string>
  accept: string
  legend: string
  hint: string
  add: string
  addIcon: LucideIcon
  limitTitle: string
  limit: string
  remove: string
  previewClass: string
  preview: (url: string, index: number) => ReactNode
  /** videos can be cleared in one go; photos cannot (the spec only asks it for videos) */
  clearable: boolean
}

const KINDS: Record<MediaKind, KindSpec> = {
  photos: {
    store: storePhoto,
    accept: 'image/*',
    legend: t.fields.photos,
    hint: t.fields.photosHint,
    add: t.addPhotos,
    addIcon: ImagePlus,
    limitTitle: t.photosLimitTitle,
    limit: t.photosLimit,
    remove: t.removePhoto,
    previewClass: 'size-24',
    preview: (url, index) => (
      <img src={url} alt={fill(t.photoAlt, { n: index + 1 })} className="size-full object-cover" />
    ),
    clearable: false,
  },
  videos: {
    store: storeVideo,
    accept: 'video/*',
    legend: t.fields.videos,
    hint: t.fields.videosHint,
    add: t.addVideos,
    addIcon: Video,
    limitTitle: t.videosLimitTitle,
    limit: t.videosLimit,
    remove: t.removeVideo,
    previewClass: 'w-40',
    preview: (url) => (
      <video src={url} muted preload="metadata" className="aspect-video w-full object-cover" />
    ),
    clearable: true,
  },
}

function MediaPreview({
  spec,
  refId,
  index,
  onRemove,
}: {
  spec: KindSpec
  refId: string
  index: number
  onRemove: () => void
}) {
  const url = useMediaUrl(refId)
  return (
    <li className={`relative ${spec.previewClass} overflow-hidden rounded-md border border-border bg-muted`}>
      {url && spec.preview(url, index)}
      <button
        type="button"
        onClick={onRemove}
        aria-label={fill(spec.remove, { n: index + 1 })}
        className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-background/90 text-foreground shadow outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden />
      </button>
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
  const pick = async (files: FileList | null) => {
    if (!files?.length) return
    const room = Math.max(0, max - latest.current.length)
    const chosen = Array.from(files)
    if (chosen.length > room) {
      toast({ title: spec.limitTitle, description: fill(spec.limit, { max }), variant: 'destructive' })
    }
    setBusy(true)
    try {
      const stored: string[] = []
      for (const file of chosen.slice(0, room)) {
        try {
          stored.push(await spec.store(file))
        } catch {
          toast({ title: t.photoFailed, variant: 'destructive' })
        }
      }
      onChange(addWithinLimit(latest.current, stored, max).items)
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
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium">{spec.legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {fill(spec.hint, { max })} ({refs.length}/{max})
      </p>
      {refs.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {refs.map((ref, i) => (
            <MediaPreview
              key={ref}
              spec={spec}
              refId={ref}
              index={i}
              onRemove={() => {
                onChange(refs.filter((r) => r !== ref))
                onRemoved?.([ref])
              }}
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
