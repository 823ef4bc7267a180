// One picked file of the ad form: its preview, its upload (a progress bar, then Uploaded, or why it
// failed with Retry), and buttons to move it earlier or later or remove it.
import { ArrowLeft, ArrowRight, Check, RotateCw, X } from 'lucide-react'
import { useMediaUrl } from '#client/components/media/use-media-url.ts'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import type { UploadState } from '#client/lib/media/upload-queue.ts'
import { uploads, useUploadState } from '#client/lib/media/uploads.ts'
import type { KindSpec } from './media-kinds.tsx'

const t = msgPost.post

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

export function MediaTile({
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
