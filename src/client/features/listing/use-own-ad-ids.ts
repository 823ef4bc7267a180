import { useMemo } from 'react'
import { useMyAds } from '#client/features/manage/api/my-ads.ts'
import { useSession } from '#client/lib/session/use-session.ts'

const NONE: ReadonlySet<string> = new Set()

/** The ids of the signed-in user's ads, so the listing can badge them "Your ad". */
export function useOwnAdIds(): ReadonlySet<string> {
  const { user } = useSession()
  const mine = useMyAds(user?.email)
  return useMemo(() => (mine.data ? new Set(mine.data.map((ad) => ad.id)) : NONE), [mine.data])
}
