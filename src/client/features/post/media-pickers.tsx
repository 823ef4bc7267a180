import { ImagePlus, Video, X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/features/listing/format.ts'
import { toast } from '#client/features/toasts/toast-store.ts'
import { en } from '#client/i18n/en.ts'
import { addWithinLimit } from '#domain/ad-form-rules.ts'
import { storePhoto, storeVideo } from './media.ts'
import { useMediaUrl } from './media-url.ts'

const t = en.post

function PhotoPreview({ refId, index, onRemove }: { refId: string; index: number; onRemove: () => void }) {
  const url = useMediaUrl(refId)
  return (
    <li className="relative size-24 overflow-hidden rounded-md border border-border bg-muted">
      {url && <img src={url} alt={fill(t.photoAlt, { n: index + 1 })} className="size-full object-cover" />}
      <button
        type="button"
        onClick={onRemove}
        aria-label={fill(t.removePhoto, { n: index + 1 })}
        className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-background/90 text-foreground shadow outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  )
}

function VideoPreview({ refId, index, onRemove }: { refId: string; index: number; onRemove: () => void }) {
  const url = useMediaUrl(refId)
  return (
    <li className="relative w-40 overflow-hidden rounded-md border border-border bg-muted">
      {url && <video src={url} muted preload="metadata" className="aspect-video w-full object-cover" />}
      <button
        type="button"
        onClick={onRemove}
        aria-label={fill(t.removeVideo, { n: index + 1 })}
        className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-background/90 text-foreground shadow outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  )
}

interface PickerProps {
  refs: readonly string[]
  max: number
  onChange: (refs: string[]) => void
  /** called with refs removed from the list (their blobs may be forgotten) */
  onRemoved?: (refs: string[]) => void
  error?: string
}

function usePicker(
  { refs, max, onChange }: PickerProps,
  store: (file: File) => Promise<string>,
  kind: 'photos' | 'videos',
) {
  const [busy, setBusy] = useState(false)
  const latest = useRef(refs)
  latest.current = refs
  const pick = async (files: FileList | null) => {
    if (!files?.length) return
    const room = Math.max(0, max - latest.current.length)
    const chosen = Array.from(files)
    if (chosen.length > room) {
      toast({
        title: kind === 'photos' ? t.photosLimitTitle : t.videosLimitTitle,
        description: fill(kind === 'photos' ? t.photosLimit : t.videosLimit, { max }),
        variant: 'destructive',
      })
    }
    setBusy(true)
    try {
      const stored: string[] = []
      for (const file of chosen.slice(0, room)) {
        try {
          stored.push(await store(file))
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

export function PhotoPicker(props: PickerProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const { busy, pick } = usePicker(props, storePhoto, 'photos')
  const { refs, max, onChange, onRemoved, error } = props
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium">{t.fields.photos}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {fill(t.fields.photosHint, { max })} ({refs.length}/{max})
      </p>
      {refs.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {refs.map((ref, i) => (
            <PhotoPreview
              key={ref}
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
        accept="image/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={t.addPhotos}
        onChange={(e) => {
          void pick(e.target.files)
          e.target.value = ''
        }}
      />
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={busy || refs.length >= max}
          onClick={() => input.current?.click()}
        >
          <ImagePlus aria-hidden />
          {t.addPhotos}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}

export function VideoPicker(props: PickerProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const { busy, pick } = usePicker(props, storeVideo, 'videos')
  const { refs, max, onChange, onRemoved, error } = props
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium">{t.fields.videos}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {fill(t.fields.videosHint, { max })} ({refs.length}/{max})
      </p>
      {refs.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {refs.map((ref, i) => (
            <VideoPreview
              key={ref}
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
        accept="video/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={t.addVideos}
        onChange={(e) => {
          void pick(e.target.files)
          e.target.value = ''
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={busy || refs.length >= max}
          onClick={() => input.current?.click()}
        >
          <Video aria-hidden />
          {t.addVideos}
        </Button>
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
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
