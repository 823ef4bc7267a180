import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import { ChartColumnIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import type { AdStats } from '#domain/api/ad-stats.ts'

// the chart library loads when a dialog first opens, never with /manage or the admin console (040)
const AdStatsView = lazy(() =>
  import('./ad-stats-view.tsx').then((module) => ({ default: module.AdStatsView })),
)

/**
 * "Stats" on an ad of /manage or of the admin console: a dialog with the ad's 30 days
 * (docs/decisions/053-ad-stats.md). `query` is the feature's query for it, with the owner's or the
 * admin's token; it runs once the dialog is open.
 */
export function AdStatsButton<K extends QueryKey>({
  title,
  query,
}: {
  title: string
  query: UseQueryOptions<AdStats, Error, AdStats, K>
}) {
  const t = msgPost.manage.stats
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        size="sm"
        aria-label={fill(t.openLabel, { title })}
        onClick={() => setOpen(true)}
      >
        <ChartColumnIcon aria-hidden="true" />
        {t.open}
      </Button>
      {open && (
        <DialogContent className="max-w-2xl p-4 sm:p-6" closeLabel={t.close}>
          <DialogHeader>
            <DialogTitle className="wrap-anywhere">{fill(t.title, { title })}</DialogTitle>
            <DialogDescription>{t.intro}</DialogDescription>
          </DialogHeader>
          <StatsBody query={query} />
        </DialogContent>
      )}
    </Dialog>
  )
}

function StatsBody<K extends QueryKey>({ query }: { query: UseQueryOptions<AdStats, Error, AdStats, K> }) {
  const t = msgPost.manage.stats
  const stats = useQuery(query)
  const loading = <p className="text-sm text-muted-foreground">{t.loading}</p>
  if (stats.data)
    return (
      <Suspense fallback={loading}>
        <AdStatsView stats={stats.data} />
      </Suspense>
    )
  if (stats.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t.loadFailed}
      </p>
    )
  return loading
}
