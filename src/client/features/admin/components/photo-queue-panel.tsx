import { useId } from 'react'
import { PrivateImage } from '#client/components/media/private-image.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { useDecidePhoto, usePhotoQueue } from '../api/trust-queues.ts'
import { DecisionControls } from './decision-controls.tsx'
import { PanelState } from './panel-state.tsx'

const t = msg.trust.admin

/** Photos waiting for a review: reported ads first, then the oldest (docs/decisions/032). */
export function PhotoQueuePanel() {
  const id = useId()
  const queue = usePhotoQueue()
  const decide = useDecidePhoto()
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t.photosTitle}
      </h2>
      <PanelState query={queue} retry={t.reloadPhotos}>
        {queue.data?.items.length === 0 && <p className="text-sm">{t.photosEmpty}</p>}
        <ol className="grid gap-3 sm:grid-cols-2">
          {queue.data?.items.map((item) => (
            <li key={item.mediaId} className="grid gap-2 rounded-lg border p-3" data-testid="pending-photo">
              {/* a photo under review is served to its owner and the admins only */}
              <PrivateImage
                src={item.photo.src}
                auth="admin"
                alt=""
                width={item.photo.width}
                height={item.photo.height}
                className="aspect-[4/3] w-full rounded object-cover"
              />
              <p className="text-sm wrap-anywhere">{fill(t.photoOf, { title: item.adTitle })}</p>
              <div className="flex flex-wrap gap-1">
                {item.openReports > 0 && (
                  <Badge variant="destructive">{fill(t.reported, { count: String(item.openReports) })}</Badge>
                )}
                {item.ownerVerified && <Badge variant="secondary">{t.shownAlready}</Badge>}
              </div>
              <DecisionControls
                label={item.adTitle}
                pending={decide.isPending}
                decide={(action, reason, done) =>
                  decide.mutate({ mediaId: item.mediaId, action, reason }, done)
                }
              />
            </li>
          ))}
        </ol>
      </PanelState>
    </section>
  )
}
