import { PrivateImage } from '#client/components/media/private-image.tsx'
import { PrivateVideo } from '#client/components/media/private-video.tsx'
import { FilledText } from '#client/components/text/filled-text.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgVerification } from '#client/i18n/messages-verification.ts'
import { useDecidePhoto, usePhotoQueue } from '../api/trust-queues.ts'
import { AdminPanel } from './admin-panel.tsx'
import { DecisionControls } from './decision-controls.tsx'
import { PanelState } from './panel-state.tsx'

const t = msgVerification.admin

/** Photos waiting for a review: reported ads first, then the oldest (docs/decisions/032). */
export function PhotoQueuePanel() {
  const queue = usePhotoQueue()
  const decide = useDecidePhoto()
  return (
    <AdminPanel title={t.photosTitle}>
      <PanelState query={queue} items={queue.data?.items} retry={t.reloadPhotos} empty={t.photosEmpty}>
        {(items) => (
          <ol className="grid gap-3 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item.mediaId} className="grid gap-2 rounded-lg border p-3" data-testid="pending-photo">
                {/* a file under review is served to its owner and the admins only */}
                {item.photo ? (
                  <PrivateImage
                    src={item.photo.src}
                    auth="admin"
                    alt=""
                    width={item.photo.width}
                    height={item.photo.height}
                    className="aspect-[4/3] w-full rounded object-cover"
                  />
                ) : (
                  item.video && (
                    <PrivateVideo
                      src={item.video}
                      auth="admin"
                      controls
                      muted
                      preload="metadata"
                      aria-label={fill(t.videoOf, { title: item.adTitle })}
                      className="aspect-video w-full rounded bg-black object-contain"
                    />
                  )
                )}
                <p className="text-sm wrap-anywhere">
                  <FilledText
                    template={item.kind === 'video' ? t.videoOf : t.photoOf}
                    values={{ title: item.adTitle }}
                  />
                </p>
                <div className="flex flex-wrap gap-1">
                  {item.openReports > 0 && (
                    <Badge variant="destructive">
                      {fill(t.reported, { count: String(item.openReports) })}
                    </Badge>
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
        )}
      </PanelState>
    </AdminPanel>
  )
}
