import { createFileRoute, redirect } from '@tanstack/react-router'
import { AdPage } from '#client/features/listing/components/ad-page.tsx'
import { adIdFromSegment } from '#domain/ad-path.ts'
import { matchCategory } from '#domain/categories.ts'
import { matchProvince } from '#domain/provinces.ts'

// /ca/{province}/{category}/{id}-{slug}: one ad's page. The id finds the ad; a wrong or stale slug,
// province or category still opens it (its canonical URL says where it lives).
export const Route = createFileRoute('/ca/$province/$category_/$ad')({
  beforeLoad: ({ params }) => {
    if (!matchProvince(params.province) || !adIdFromSegment(params.ad))
      throw redirect({ to: '/', replace: true })
  },
  // The server render waits for the ad, to send it inside the page; the browser never waits here: the
  // page shows the saved copy or its loading state while the query runs.
  loader: async ({ context, params }) => {
    const id = adIdFromSegment(params.ad)
    if (!import.meta.env.SSR || !id) return
    // imported here, not at the top: this file is in every page's first load, the query code is not
    const { adQuery } = await import('#client/features/listing/api/get-ad.ts')
    // a failed fetch stays in the query's state, and the page says so (it is not the router's error)
    await context.queryClient.ensureQueryData(adQuery(context.queryClient, id)).catch(() => undefined)
  },
  component: AdRoute,
})

function AdRoute() {
  const params = Route.useParams()
  return (
    <AdPage
      adId={adIdFromSegment(params.ad) ?? ''}
      province={matchProvince(params.province) ?? 'ALL'}
      category={matchCategory(params.category)}
    />
  )
}
