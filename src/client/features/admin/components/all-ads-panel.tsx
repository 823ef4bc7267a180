import { type FormEvent, useId, useState } from 'react'
import { AdStatsButton } from '#client/components/ad-stats/ad-stats-button.tsx'
import { FormProblem } from '#client/components/form/form-problem.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { adStatsQuery } from '#client/features/manage/api/ad-stats.ts'
import { fill } from '#client/i18n/fill.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { AD_STATUSES, type AdStatus } from '#domain/ad-status.ts'
import type { AdminAd } from '#domain/api/admin-ads.ts'
import type { ReviewAction } from '#domain/api/reports.ts'
import { type AdminAdsSearch, useAdminAds } from '../api/admin-ads.ts'
import { useReviewAction } from '../api/review-queue.ts'
import { announceAdminFailure } from './admin-failure.ts'
import { AdminPanel } from './admin-panel.tsx'

const t = msgReview.review.allAds

const isStatus = (value: string): value is AdStatus => (AD_STATUSES as readonly string[]).includes(value)

function AdRow({ ad }: { ad: AdminAd }) {
  const id = useId()
  const [reason, setReason] = useState('')
  const act = useReviewAction()
  // mutateAsync as in the review queue: the refetched results may drop this row before callbacks run
  const decide = async (action: ReviewAction) => {
    try {
      await act.mutateAsync({ adId: ad.id, action, reason })
      toast({ title: msgReview.review.done })
    } catch (e) {
      announceAdminFailure(msgReview.review.actionFailed, e)
    }
  }
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-semibold wrap-anywhere" data-ad-text>
          {ad.title}
        </h3>
        <span className="text-sm text-muted-foreground">{t.statuses[ad.status]}</span>
        <AdStatsButton title={ad.title} query={adStatsQuery(ad.id, 'admin')} />
      </div>
      <p className="text-sm text-muted-foreground">
        {ad.ownerEmail ?? t.demo} · {ad.city}, {ad.province} ·{' '}
        <time dateTime={ad.createdAt}>
          {fill(t.created, { date: formatPostedDate(ad.createdAt, false) })}
        </time>
      </p>
      {ad.removalReason && <p className="text-sm">{fill(t.removedBecause, { reason: ad.removalReason })}</p>}
      {ad.status === 'removed' ? (
        <div>
          <Button variant="outline" disabled={act.isPending} onClick={() => void decide('restore')}>
            {msgReview.review.restore}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Input
            id={`${id}-reason`}
            aria-label={fill(t.reasonLabel, { title: ad.title })}
            placeholder={msgReview.review.reasonLabel}
            className="max-w-sm"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button
            variant="destructive"
            disabled={act.isPending || reason.trim() === ''}
            onClick={() => void decide('remove')}
          >
            {msgReview.review.remove}
          </Button>
        </div>
      )}
    </li>
  )
}

/** Every ad, searched by text, owner email and status, with remove and restore on each. */
export function AllAdsPanel() {
  const id = useId()
  const [form, setForm] = useState<Omit<AdminAdsSearch, 'page'>>({ q: '', email: '', status: '' })
  // nothing is fetched until the first search: the console opens on the review queue
  const [search, setSearch] = useState<AdminAdsSearch | null>(null)
  const ads = useAdminAds(search)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSearch({ q: form.q.trim(), email: form.email.trim(), status: form.status, page: 1 })
  }
  const goTo = (page: number) => setSearch((current) => (current ? { ...current, page } : current))
  const data = ads.data
  return (
    <AdminPanel title={t.title} intro={t.intro}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
        <label htmlFor={`${id}-q`} className="grid gap-1 text-sm font-medium">
          {t.text}
          <Input
            id={`${id}-q`}
            value={form.q}
            maxLength={200}
            onChange={(e) => setForm({ ...form, q: e.target.value })}
          />
        </label>
        <label htmlFor={`${id}-email`} className="grid gap-1 text-sm font-medium">
          {t.email}
          <Input
            id={`${id}-email`}
            value={form.email}
            maxLength={200}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
        </label>
        <label htmlFor={`${id}-status`} className="grid gap-1 text-sm font-medium">
          {t.status}
          <select
            id={`${id}-status`}
            className="h-10 rounded-md border border-input bg-background px-3 text-base md:text-sm"
            value={form.status}
            onChange={(e) => {
              const value = e.target.value
              setForm({ ...form, status: isStatus(value) ? value : '' })
            }}
          >
            <option value="">{t.anyStatus}</option>
            {AD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t.statuses[status]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">{t.search}</Button>
      </form>
      {ads.isError && <FormProblem>{errorDetail(ads.error, t.failed)}</FormProblem>}
      {data && (
        <>
          <p className="text-sm" aria-live="polite">
            {data.total === 0
              ? t.none
              : data.total === 1
                ? t.found.one
                : fill(t.found.other, { count: data.total })}
          </p>
          <ul className="grid gap-3">
            {data.items.map((ad) => (
              <AdRow key={ad.id} ad={ad} />
            ))}
          </ul>
          {data.pages > 1 && (
            <div className="flex items-center gap-3">
              <Button variant="outline" disabled={data.page <= 1} onClick={() => goTo(data.page - 1)}>
                {t.previous}
              </Button>
              <span className="text-sm">{fill(t.pageOf, { page: data.page, pages: data.pages })}</span>
              <Button
                variant="outline"
                disabled={data.page >= data.pages}
                onClick={() => goTo(data.page + 1)}
              >
                {t.next}
              </Button>
            </div>
          )}
        </>
      )}
    </AdminPanel>
  )
}
