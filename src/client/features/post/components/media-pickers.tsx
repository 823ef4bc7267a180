// The photo and video pickers of /post and /edit: a thumbnail grid where each file shows its upload
// (a progress bar, then Uploaded, or why it failed with Retry), moves earlier or later (the first
// photo is the ad's cover) and can be removed. Files start uploading when picked
// (lib/media/upload-queue.ts); the limits are in the hint before anyone reaches them.
import { useEffect, useId, useRef, useState } from 'react'
import { FormProblem } from '#client/components/form/form-problem.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { uploads } from '#client/lib/media/uploads.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { addWithinLimit, moveItem } from '#domain/ad-form-rules.ts'
import { KINDS, type KindSpec, type MediaKind } from './media-kinds.tsx'
import { MediaTile } from './media-tile.tsx'

const t = msgPost.post
const MB = 1024 * 1024

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
      <FormProblem id={`${id}-error`}>{error}</FormProblem>
    </fieldset>
  )
}
