import { Trash2Icon } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'

const t = msgPost.manage

/** Delete on an ad's row, named with the ad's title for screen readers; it only asks (confirm-delete.tsx). */
export function DeleteAdButton({ title, onClick }: { title: string; onClick: () => void }) {
  return (
    <Button variant="destructive" size="sm" aria-label={fill(t.deleteLabel, { title })} onClick={onClick}>
      <Trash2Icon aria-hidden="true" />
      {t.delete}
    </Button>
  )
}
