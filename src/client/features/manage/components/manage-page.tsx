// /manage: every ad of the signed-in user from GET /ads/mine with its status (Awaiting payment, Live
// until <date>, Expired, Held for review with its reason and the one request for a review, Removed)
// and the actions that status allows.
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { PlusIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { adsKeys } from '#client/features/listing/api/ads-keys.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { errorDetail } from '#client/lib/http.ts'
import { useOnline } from '#client/lib/network/use-online.ts'
import { useSession } from '#client/lib/session/use-session.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { OwnAd } from '#domain/api/ads.ts'
import { deleteAd } from '../api/delete-ad.ts'
import { myAdsKeys, useMyAds } from '../api/my-ads.ts'
import { AppealDialog } from './appeal-dialog.tsx'
import { ConfirmDelete } from './confirm-delete.tsx'
import { OwnAdRow } from './own-ad-row.tsx'

const t = msgPost.manage

interface RowActions {
  onDelete: (ad: OwnAd) => void
  onAppeal: (ad: OwnAd) => void
}

function MyAdsList({ onDelete, onAppeal }: RowActions) {
  const { user } = useSession()
  const online = useOnline()
  const ads = useMyAds(user?.email)
  if (ads.data === undefined) {
    if (!online) return <p className="mt-8 text-muted-foreground">{t.offline}</p>
    if (ads.isError) {
      return (
        <div role="alert" className="mt-8 grid justify-items-start gap-3">
          <p>{t.loadFailed}</p>
          <Button variant="outline" onClick={() => void ads.refetch()}>
            {t.retry}
          </Button>
        </div>
      )
    }
    return (
      <p className="mt-8 text-muted-foreground" aria-busy="true">
        {t.loading}
      </p>
    )
  }
  // an ad its owner deleted is gone for them too; one an admin removed stays, with the reason
  const shown = ads.data.filter((ad) => ad.status !== 'removed' || ad.removalReason)
  if (shown.length === 0) {
    return (
      <p className="mt-8 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
        {t.empty}
      </p>
    )
  }
  return (
    <ul className="mt-8 grid gap-3">
      {shown.map((ad) => (
        <OwnAdRow key={ad.id} ad={ad} onDelete={onDelete} onAppeal={onAppeal} />
      ))}
    </ul>
  )
}

export function ManagePage() {
  const queryClient = useQueryClient()
  const [toDelete, setToDelete] = useState<OwnAd | null>(null)
  const [toAppeal, setToAppeal] = useState<OwnAd | null>(null)

  const confirmDelete = async () => {
    if (!toDelete) return
    try {
      await deleteAd(toDelete.id)
      toast({ title: t.deleted })
      setToDelete(null)
    } catch (error) {
      toast({ title: t.deleteFailed, description: errorDetail(error, ''), variant: 'destructive' })
    } finally {
      void queryClient.invalidateQueries({ queryKey: myAdsKeys.all })
      void queryClient.invalidateQueries({ queryKey: adsKeys.all })
    }
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
          <p className="mt-2 text-muted-foreground">{t.intro}</p>
        </div>
        <Button asChild>
          <Link to="/post">
            <PlusIcon aria-hidden="true" />
            {t.createNew}
          </Link>
        </Button>
      </div>
      <MyAdsList onDelete={setToDelete} onAppeal={setToAppeal} />
      <ConfirmDelete
        title={toDelete?.title ?? null}
        description={t.confirmDescription}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <AppealDialog ad={toAppeal} onClose={() => setToAppeal(null)} />
    </div>
  )
}
