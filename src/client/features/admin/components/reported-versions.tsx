import { PrivateImage } from '#client/components/media/private-image.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import type { QueueItem } from '#domain/api/reports.ts'

const t = msgReview.review

/**
 * The ad as each report saw it, where that differs from what it shows now: an owner who cleans an
 * ad after it was reported does not hide from the admin what was reported
 * (docs/decisions/042-holds-that-hold.md). Photos come with the admin's token.
 */
export function ReportedVersions({ item }: { item: QueueItem }) {
  const earlier = item.versions.filter((version) => version.contentHash !== item.contentHash)
  if (earlier.length === 0) return null
  return (
    <div className="grid gap-2">
      {earlier.map((version) => {
        const contact = [
          version.contact.phone,
          version.contact.email,
          version.contact.website,
          version.contact.handle,
        ]
          .filter(Boolean)
          .join(' · ')
        return (
          <section
            key={version.contentHash}
            className="grid gap-1 rounded-md border border-dashed border-destructive/50 p-2 text-sm wrap-anywhere"
            data-testid="reported-version"
          >
            <p className="font-medium">{fill(t.asReported, { date: formatPostedDate(version.at) })}</p>
            <p className="font-semibold" data-ad-text>
              {version.title}
            </p>
            {version.city && <p data-ad-text>{version.city}</p>}
            {contact && (
              <p className="text-muted-foreground" data-ad-text>
                {contact}
              </p>
            )}
            <p className="whitespace-pre-line" data-ad-text>
              {version.description}
            </p>
            {version.images.length > 0 && (
              <div className="flex gap-2">
                {version.images.map((src) => (
                  <PrivateImage
                    key={src}
                    src={src}
                    auth="admin"
                    alt=""
                    className="h-16 w-16 rounded object-cover"
                  />
                ))}
              </div>
            )}
            {version.videos.length > 0 && (
              <p className="text-muted-foreground">
                {version.videos.length === 1
                  ? t.asReportedVideos.one
                  : fill(t.asReportedVideos.other, { count: version.videos.length })}
              </p>
            )}
          </section>
        )
      })}
    </div>
  )
}
