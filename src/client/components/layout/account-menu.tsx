import { UserRoundIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { msg } from '#client/i18n/messages.ts'
import { type AccountMenuProps, accountTriggerClass } from './account-trigger.ts'

// The dropdown (Radix menu + positioning) loads on first hover/focus: most visits never open it.
const loadMenu = () => import('./account-menu-content.tsx')
const AccountMenuContent = lazy(loadMenu)
const prefetch = () => void loadMenu()

/** The account dropdown: the email or 'Guest', My ads, Admin, Verified, Sign out. */
export function AccountMenu(props: AccountMenuProps) {
  const [active, setActive] = useState(false)
  const trigger = (
    <button
      type="button"
      aria-label={msg.layout.accountMenu}
      aria-haspopup="menu"
      aria-expanded={false}
      className={accountTriggerClass}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setActive(true)}
    >
      <UserRoundIcon className="size-5" aria-hidden="true" />
    </button>
  )
  if (!active) return trigger
  return (
    <Suspense fallback={trigger}>
      <AccountMenuContent {...props} />
    </Suspense>
  )
}
