import { useLocation, useRouter } from '@tanstack/react-router'
import { BookmarkPlusIcon } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { useSaveSearch } from '#client/features/saved-searches/api/save-search.ts'
import { msg } from '#client/i18n/messages.ts'
import { errorDetail } from '#client/lib/http.ts'
import { isSignedIn } from '#client/lib/session/session-store.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { CategoryKey, CompanionType } from '#domain/categories.ts'
import type { ProvinceOrAll } from '#domain/provinces.ts'

const m = msg.savedSearches

export interface ListingSearchFields {
  province: ProvinceOrAll
  category: CategoryKey
  city?: string | undefined
  q?: string | undefined
  escortType?: CompanionType | undefined
  verified?: boolean | undefined
}

/**
 * "Save this search": keeps the listing's province, category, city, words, companion type and the
 * verified filter with the account (docs/decisions/052-saved-searches.md). Signed out, it leads to
 * sign-in, which comes back to this listing.
 */
export function SaveSearchButton({ search }: { search: ListingSearchFields }) {
  const router = useRouter()
  const location = useLocation()
  const save = useSaveSearch()
  const onClick = () => {
    if (!isSignedIn()) {
      void router.navigate({ to: '/login', search: { redirect: location.href, reason: 'required' } })
      return
    }
    save.mutate(
      {
        province: search.province,
        category: search.category,
        city: search.city,
        q: search.q,
        escortType: search.escortType,
        verified: search.verified,
      },
      {
        onSuccess: () => toast({ title: m.saved, description: m.savedHint }),
        onError: (error) =>
          toast({ title: errorDetail(error, msg.pwa.requestFailed), variant: 'destructive' }),
      },
    )
  }
  return (
    <Button variant="outline" size="sm" disabled={save.isPending} onClick={onClick} data-testid="save-search">
      <BookmarkPlusIcon aria-hidden="true" />
      {m.save}
    </Button>
  )
}
