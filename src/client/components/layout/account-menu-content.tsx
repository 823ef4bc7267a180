import { useRouter } from '@tanstack/react-router'
import {
  BadgeCheckIcon,
  BookmarkIcon,
  DownloadIcon,
  KeyRoundIcon,
  LayoutListIcon,
  LogOutIcon,
  ShieldIcon,
  Trash2Icon,
  UserRoundIcon,
} from 'lucide-react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx'
import { msg } from '#client/i18n/messages.ts'
import { type AccountMenuProps, accountTriggerClass } from './account-trigger.ts'

const t = msg.layout

/** The loaded account menu; it mounts open because the user just clicked its trigger. */
export default function AccountMenuContent({ email, onSignOut }: AccountMenuProps) {
  const router = useRouter()
  const go = (href: string) => void router.navigate({ href })
  return (
    <DropdownMenu defaultOpen modal={false}>
      <DropdownMenuTrigger aria-label={t.accountMenu} className={accountTriggerClass}>
        <UserRoundIcon className="size-5" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{email ?? t.guest}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => go('/manage')}>
          <LayoutListIcon aria-hidden="true" />
          {t.myAds}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => go('/admin')}>
          <ShieldIcon aria-hidden="true" />
          {t.admin}
        </DropdownMenuItem>
        {email !== null && (
          <>
            <DropdownMenuItem onSelect={() => go('/searches')}>
              <BookmarkIcon aria-hidden="true" />
              {t.savedSearches}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => go('/account/verification')}>
              <BadgeCheckIcon aria-hidden="true" />
              {t.getVerified}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => go('/account/password')}>
              <KeyRoundIcon aria-hidden="true" />
              {t.changePassword}
            </DropdownMenuItem>
            {/* privacy rights: the page starts the download or opens the password confirmation */}
            <DropdownMenuItem onSelect={() => go('/account/data?action=download')}>
              <DownloadIcon aria-hidden="true" />
              {t.downloadData}
            </DropdownMenuItem>
            <DropdownMenuItem variant="destructive" onSelect={() => go('/account/data?action=delete')}>
              <Trash2Icon aria-hidden="true" />
              {t.deleteAccount}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onSignOut}>
              <LogOutIcon aria-hidden="true" />
              {t.signOut}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
