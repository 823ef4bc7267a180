// /manage: the user's own ads with Edit, Bump (paid: checkout type=bump) and Delete
// behind a confirm dialog, and Create new. Newest (or latest bumped) first, as on the listing.
import { Link, useRouter } from '@tanstack/react-router'
import { ArrowUpIcon, MapPinIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { useMediaUrl } from '#client/components/media/use-media-url.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { deleteUserAd, useUserAds } from '#client/db/ads-repository.ts'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { formatAdPrice, formatPostedDate } from '#client/lib/ad-format.ts'
import { adImage } from '#client/lib/ad-image.ts'
import { deleteMedia } from '#client/lib/media/media-store.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { Ad } from '#domain/ad.ts'

const t = msg.manage

function Thumbnail({ ad }: { ad: Ad }) {
  const url = useMediaUrl(adImage(ad))
  return (
    <div className="size-20 shrink-0 overflow-hidden rounded-md bg-muted sm:size-24">
      {url && <img src={url} alt="" width={96} height={96} className="size-full object-cover" />}
    </div>
  )
}

function AdRow({ ad, onDelete }: { ad: Ad; onDelete: (ad: Ad) => void }) {
  const router = useRouter()
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-3 shadow-sm sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <Thumbnail ad={ad} />
        <div className="grid min-w-0 content-start gap-1">
          <h2 className="truncate font-semibold">{ad.title}</h2>
          <p className="text-sm font-bold text-primary">{formatAdPrice(ad)}</p>
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">
              {ad.city ? `${ad.city}, ` : ''}
              {ad.province}
            </span>
          </p>
          <p className="text-xs text-muted-foreground">
            {fill(t.posted, { date: formatPostedDate(ad.postedAt) })}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to="/edit/$id" params={{ id: ad.id }} aria-label={fill(t.editLabel, { title: ad.title })}>
            <PencilIcon aria-hidden="true" />
            {t.edit}
          </Link>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={fill(t.bumpLabel, { title: ad.title })}
          onClick={() =>
            void router.navigate({ href: `/checkout?type=bump&adId=${encodeURIComponent(ad.id)}` })
          }
        >
          <ArrowUpIcon aria-hidden="true" />
          {t.bump}
        </Button>
        <Button
          variant="destructive"
          size="sm"
          aria-label={fill(t.deleteLabel, { title: ad.title })}
          onClick={() => onDelete(ad)}
        >
          <Trash2Icon aria-hidden="true" />
          {t.delete}
        </Button>
      </div>
    </li>
  )
}

export function ManagePage() {
  const ads = useUserAds()
  const [toDelete, setToDelete] = useState<Ad | null>(null)
  const [deleting, setDeleting] = useState(false)

  const confirmDelete = async () => {
    if (!toDelete) return
    setDeleting(true)
    try {
      await deleteUserAd(toDelete.id)
      await deleteMedia([...toDelete.images, ...toDelete.videos])
      toast({ title: t.deleted })
      setToDelete(null)
    } finally {
      setDeleting(false)
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
      {ads === undefined ? (
        <p className="mt-8 text-muted-foreground" aria-busy="true">
          {t.loading}
        </p>
      ) : ads.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {t.empty}
        </p>
      ) : (
        <ul className="mt-8 grid gap-3">
          {[...ads]
            .sort((a, b) => b.postedAt.localeCompare(a.postedAt))
            .map((ad) => (
              <AdRow key={ad.id} ad={ad} onDelete={setToDelete} />
            ))}
        </ul>
      )}
      <Dialog open={toDelete !== null} onOpenChange={(open) => !open && !deleting && setToDelete(null)}>
        <DialogContent closeLabel={t.cancel}>
          <DialogHeader>
            <DialogTitle>{t.confirmTitle}</DialogTitle>
            <DialogDescription>
              {fill(t.confirmDescription, { title: toDelete?.title ?? '' })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t.cancel}</Button>
            </DialogClose>
            <Button variant="destructive" disabled={deleting} onClick={() => void confirmDelete()}>
              {t.confirmDelete}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}
