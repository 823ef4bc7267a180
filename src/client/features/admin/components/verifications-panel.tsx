import { PrivateImage } from '#client/components/media/private-image.tsx'
import { FilledText } from '#client/components/text/filled-text.tsx'
import { msgVerification } from '#client/i18n/messages-verification.ts'
import { apiUrl } from '#client/lib/http.ts'
import { VerificationPaths } from '#domain/api/verification.ts'
import { useDecideVerification, useVerificationQueue } from '../api/trust-queues.ts'
import { AdminPanel } from './admin-panel.tsx'
import { DecisionControls } from './decision-controls.tsx'
import { PanelState } from './panel-state.tsx'

const t = msgVerification.admin
const image = 'h-24 w-24 rounded object-cover'

/** Verification requests, each beside the account's ad photos (docs/decisions/031). */
export function VerificationsPanel() {
  const queue = useVerificationQueue()
  const decide = useDecideVerification()
  return (
    <AdminPanel title={t.verificationsTitle}>
      <PanelState query={queue} items={queue.data?.items} retry={t.reload} empty={t.verificationsEmpty}>
        {(items) => (
          <ol className="grid gap-3">
            {items.map((request) => (
              <li
                key={request.id}
                className="grid gap-3 rounded-lg border p-3"
                data-testid="verification-request"
              >
                <p className="font-medium wrap-anywhere">
                  <FilledText
                    template={t.requestOf}
                    values={{ email: request.email, language: request.language, code: request.code }}
                  />
                </p>
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="grid gap-1">
                    <p className="text-sm text-muted-foreground">{t.requestPhotos}</p>
                    <div className="flex flex-wrap gap-2">
                      {request.photos.map((_, n) => (
                        // verification photos are served to admins only, with their token
                        <PrivateImage
                          // biome-ignore lint/suspicious/noArrayIndexKey: a request's photos are fixed, by position
                          key={n}
                          src={apiUrl(VerificationPaths.photo(request.id, n))}
                          auth="admin"
                          alt=""
                          className={image}
                        />
                      ))}
                    </div>
                  </div>
                  <div className="grid gap-1">
                    <p className="text-sm text-muted-foreground">{t.adPhotos}</p>
                    {request.adPhotos.length === 0 ? (
                      <p className="text-sm">{t.noAdPhotos}</p>
                    ) : (
                      <div className="flex flex-wrap gap-2">
                        {request.adPhotos.map((src) => (
                          <PrivateImage key={src} src={src} auth="admin" alt="" className={image} />
                        ))}
                      </div>
                    )}
                  </div>
                </div>
                <DecisionControls
                  label={request.email}
                  pending={decide.isPending}
                  decide={(action, reason, done) => decide.mutate({ id: request.id, action, reason }, done)}
                />
              </li>
            ))}
          </ol>
        )}
      </PanelState>
    </AdminPanel>
  )
}
