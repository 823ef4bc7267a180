import { Link } from '@tanstack/react-router'
import { DownloadIcon, Trash2Icon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msgPrivacy } from '#client/i18n/messages-privacy.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { downloadMyData } from '../api/export-data.ts'
import { DeleteAccountDialog } from './delete-account-dialog.tsx'

const t = msgPrivacy

export type YourDataAction = 'download' | 'delete'

/**
 * /account/data: a copy of everything the server keeps about the user, and the deletion of their
 * account (docs/decisions/034-privacy-and-retention.md). The account menu's two items open this page
 * with `action`, which starts the download or opens the confirmation at once.
 */
export function YourDataPage({
  action,
  onActionTaken,
}: {
  action?: YourDataAction
  onActionTaken: () => void
}) {
  const [downloading, setDownloading] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const started = useRef(false)

  const download = async () => {
    setDownloading(true)
    try {
      await downloadMyData()
      toast({ title: t.downloaded })
    } catch (error) {
      toast({ title: t.downloadFailed, description: errorDetail(error, ''), variant: 'destructive' })
    } finally {
      setDownloading(false)
    }
  }

  // what the menu asked for happens once, and leaves the address so a reload does not repeat it
  useEffect(() => {
    if (!action || started.current) return
    started.current = true
    if (action === 'download') void download()
    else setConfirming(true)
    onActionTaken()
  })

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="mt-2 text-muted-foreground">
          {t.intro}{' '}
          <Link to="/privacy" className="underline underline-offset-4">
            {t.privacyLink}
          </Link>
        </p>
      </div>
      <section
        aria-labelledby="download-title"
        className="grid justify-items-start gap-3 rounded-xl border bg-card p-5"
      >
        <h2 id="download-title" className="text-xl font-semibold">
          {t.downloadTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{t.downloadIntro}</p>
        <Button disabled={downloading} onClick={() => void download()}>
          <DownloadIcon aria-hidden="true" />
          {downloading ? t.downloading : t.download}
        </Button>
      </section>
      <section
        aria-labelledby="delete-title"
        className="grid justify-items-start gap-3 rounded-xl border border-destructive/40 bg-card p-5"
      >
        <h2 id="delete-title" className="text-xl font-semibold">
          {t.deleteTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{t.deleteIntro}</p>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          <Trash2Icon aria-hidden="true" />
          {t.delete}
        </Button>
      </section>
      <DeleteAccountDialog open={confirming} onOpenChange={setConfirming} />
    </div>
  )
}
