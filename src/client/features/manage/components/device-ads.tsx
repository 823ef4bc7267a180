// Ads a user made before ads lived on the server were kept only in their browser (IndexedDB). Nothing
// is lost: they are listed here as drafts to publish through checkout or to delete.
import { useNavigate } from '@tanstack/react-router'
import { SendIcon } from 'lucide-react'
import { useState } from 'react'
import { useMediaUrl } from '#client/components/media/use-media-url.ts'
import { Button } from '#client/components/ui/button.tsx'
import { deleteUserAd, useUserAds } from '#client/db/ads-repository.ts'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { formatAdPrice } from '#client/lib/ad-format.ts'
import { adImage } from '#client/lib/ad-image.ts'
import { writeCheckoutDraft } from '#client/lib/checkout-handoff.ts'
import { deleteMedia } from '#client/lib/media/media-store.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { Ad } from '#domain/ad.ts'
import { ConfirmDelete } from './confirm-delete.tsx'
import { DeleteAdButton } from './delete-ad-button.tsx'
import { AdThumbnail } from './own-ad-row.tsx'

const t = msgPost.manage

function DeviceAdRow({ ad, onDelete }: { ad: Ad; onDelete: (ad: Ad) => void }) {
  const navigate = useNavigate()
  const thumbnail = useMediaUrl(adImage(ad))
  const publish = () => {
    // checkout creates the server ad from it, pays, and then forgets this copy
    writeCheckoutDraft({
      id: ad.id,
      title: ad.title,
      category: ad.category,
      escortType: ad.escortType,
      province: ad.province,
      city: ad.city,
      price: ad.price,
      priceUnit: ad.priceUnit,
      description: ad.description,
      images: ad.images,
      videos: ad.videos,
      contact: ad.contact ?? { phone: '', email: '', website: '', handle: '' },
      contactPlatform: ad.contactPlatform,
      // written before the server checked ads: check it again before any money moves
      moderation: 'pending',
    })
    void navigate({ to: '/checkout', search: { type: 'post' } })
  }
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-dashed border-border p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <AdThumbnail src={thumbnail ?? ''} />
        <div className="grid min-w-0 content-start gap-1">
          <h3 className="truncate font-semibold">{ad.title}</h3>
          <p className="text-sm font-bold text-primary">{formatAdPrice(ad)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={publish} aria-label={fill(t.payLabel, { title: ad.title })}>
          <SendIcon aria-hidden="true" />
          {t.publish}
        </Button>
        <DeleteAdButton title={ad.title} onClick={() => onDelete(ad)} />
      </div>
    </li>
  )
}

export function DeviceAds() {
  const ads = useUserAds()
  const [toDelete, setToDelete] = useState<Ad | null>(null)
  if (!ads?.length) return null
  const confirm = async () => {
    if (!toDelete) return
    await deleteUserAd(toDelete.id)
    await deleteMedia([...toDelete.images, ...toDelete.videos])
    toast({ title: t.deleted })
    setToDelete(null)
  }
  return (
    <section aria-labelledby="device-ads" className="mt-10">
      <h2 id="device-ads" className="text-xl font-semibold">
        {t.onDeviceTitle}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t.onDeviceIntro}</p>
      <ul className="mt-4 grid gap-3">
        {ads.map((ad) => (
          <DeviceAdRow key={ad.id} ad={ad} onDelete={setToDelete} />
        ))}
      </ul>
      <ConfirmDelete
        title={toDelete?.title ?? null}
        description={t.onDeviceDeleteDescription}
        onCancel={() => setToDelete(null)}
        onConfirm={confirm}
      />
    </section>
  )
}
