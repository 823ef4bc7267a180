// /edit/{id}: the post form's fields for one of the user's server ads (from GET /ads/mine). Saving
// sends PATCH /ads/{id}: the server checks banned words again and keeps the ad's rank, expiry and
// status. Photos already on the server stay as they are; new ones are uploaded first.
import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { adsKeys } from '#client/features/listing/api/ads-keys.ts'
import { myAdsKeys, useMyAds } from '#client/features/manage/api/my-ads.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { errorDetail } from '#client/lib/http.ts'
import { deleteMedia } from '#client/lib/media/media-store.ts'
import { useSession } from '#client/lib/session/use-session.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { type AdFormValues, adToFormValues, formToAdFields } from '#domain/ad-form-rules.ts'
import { canApply } from '#domain/ad-status.ts'
import type { OwnAd } from '#domain/api/ads.ts'
import { updateAd } from '../api/update-ad.ts'
import { mediaIdsOf } from '../api/upload-draft-media.ts'
import { AdFormLoading, AdFormPage, type AdFormPageProps } from './ad-form-page.tsx'

const t = msgPost.post

function Notice({ title, description }: { title: string; description?: string }) {
  // announced once when the page lands here; the toast says the same for those who miss it
  useEffect(() => {
    toast({ title, description, variant: 'destructive' })
  }, [title, description])
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {description && <p className="mt-2 text-muted-foreground">{description}</p>}
      <Button asChild variant="outline" className="mt-6">
        <Link to="/manage">{t.backToManage}</Link>
      </Button>
    </div>
  )
}

export function EditPage({ id }: { id: string }) {
  const { user } = useSession()
  const mine = useMyAds(user?.email)
  if (mine.isError && mine.data === undefined) return <Notice title={t.loadFailed} />
  if (mine.data === undefined) return <AdFormLoading />
  // another user's ad, a demo ad or an unknown id all read the same: not found
  const ad = mine.data.find((a) => a.id === id)
  if (!ad) return <Notice title={t.notFound} />
  if (!canApply('edit', ad.status))
    return (
      <Notice
        title={t.notEditableTitle}
        description={ad.status === 'held' ? t.notEditableHeldDescription : t.notEditableDescription}
      />
    )
  return <EditForm ad={ad} />
}

/** The form's photos are URLs (on the server) or device blobs (just picked): both become media ids. */
async function mediaIds(refs: readonly string[], stored: ReadonlyMap<string, string>): Promise<string[]> {
  const ids: string[] = []
  for (const ref of refs) {
    const known = stored.get(ref)
    ids.push(...(known ? [known] : await mediaIdsOf([ref])))
  }
  return ids
}

function EditForm({ ad }: { ad: OwnAd }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  // the form starts from the ad as it was when the page opened; later changes elsewhere don't reset typing
  const [values, setValues] = useState<AdFormValues>(() => adToFormValues(ad))

  const submit: AdFormPageProps['onSubmit'] = async (values, passesContentCheck) => {
    try {
      if (!(await passesContentCheck(values))) return
      const fields = formToAdFields(values)
      // each URL shown stands for the stored reference at the same place in the ad
      const stored = new Map([
        ...ad.images.map((url, i): [string, string] => [url, ad.mediaIds.images[i] ?? '']),
        ...ad.videos.map((url, i): [string, string] => [url, ad.mediaIds.videos[i] ?? '']),
      ])
      const images = await mediaIds(fields.images, stored)
      const videos = await mediaIds(fields.videos, stored)
      await updateAd(ad.id, { ...fields, contactPlatform: fields.contactPlatform ?? null, images, videos })
      await deleteMedia([...fields.images, ...fields.videos])
      void queryClient.invalidateQueries({ queryKey: myAdsKeys.all })
      void queryClient.invalidateQueries({ queryKey: adsKeys.all })
      toast({ title: t.updated })
      await router.navigate({ to: '/manage' })
    } catch (error) {
      toast({ title: t.saveFailed, description: errorDetail(error, ''), variant: 'destructive' })
    }
  }

  return (
    <AdFormPage
      mode="edit"
      title={t.editTitle}
      values={values}
      setValues={setValues}
      onSubmit={submit}
      actions={({ busy }) => (
        <>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? t.saving : t.save}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/manage">{t.cancel}</Link>
          </Button>
        </>
      )}
    />
  )
}
