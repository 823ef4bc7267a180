import { useRouter } from '@tanstack/react-router'
import { BadgeCheckIcon, LayoutListIcon, LogOutIcon, ShieldIcon, UserRoundIcon } from 'lucide-react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx'
import { en } from '#client/i18n/en.ts'

const t = en.layout

export interface AccountMenuProps {
  email: string | null
  onSignOut: () => void
}

/** The account dropdown of spec section 2: the email or 'Guest', My ads, Admin, Verified, Sign out. */
export function AccountMenu({ email, onSignOut }: AccountMenuProps) {
  const router = useRouter()
  const go = (href: string) => void router.navigate({ href })
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t.accountMenu}
        className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-chrome-foreground outline-none transition-colors hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-ring"
      >
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
        <DropdownMenuItem disabled>
          <BadgeCheckIcon aria-hidden="true" />
          {t.verifiedSoon}
        </DropdownMenuItem>
        {email !== null && (
          <>
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
