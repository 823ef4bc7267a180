// What the account menu's light button and its loaded dropdown share, apart from both so that neither
// imports the other (the dropdown loads on first use: account-menu.tsx).
export interface AccountMenuProps {
  email: string | null
  onSignOut: () => void
}

export const accountTriggerClass =
  'inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-chrome-foreground outline-none transition-colors hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-ring'
