import { Link, useRouterState } from '@tanstack/react-router'
import { HeartIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { InstallButton } from '#client/components/pwa/install-button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { logout } from '#client/lib/session/logout.ts'
import { useSession } from '#client/lib/session/use-session.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useHydrated } from '#client/lib/use-hydrated.ts'
import { ALL } from '#domain/provinces.ts'
import { AccountMenu } from './account-menu.tsx'
import { AppLink } from './app-link.tsx'
import { BrowseTriggerContent, browseTriggerClass } from './browse-drawer-trigger.tsx'
import { CategoryLinks } from './category-links.tsx'
import { CitySelect } from './city-select.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { MapleMark } from './maple-mark.tsx'
import { ProvinceSelect } from './province-select.tsx'
import { SearchForm } from './search-form.tsx'
import { useBrowse } from './use-browse.ts'

const t = msg.layout

const navLink =
  'inline-flex h-9 items-center whitespace-nowrap rounded-md px-1.5 text-sm font-medium min-[400px]:px-2 sm:px-3 text-chrome-foreground outline-none transition-colors hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-ring'

// The drawer (Radix dialog) loads on first hover/focus of its button: only narrow screens use it.
const loadDrawer = () => import('./browse-drawer.tsx')
const BrowseDrawer = lazy(loadDrawer)
const prefetchDrawer = () => void loadDrawer()

function Logo() {
  return (
    <Link
      to="/"
      aria-label={t.homeLink}
      className="flex shrink-0 items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <MapleMark className="size-8" />
      <span className="hidden text-lg font-bold tracking-tight text-chrome-foreground lg:inline">
        Maple <span className="text-rose-400">After Dark</span>
      </span>
    </Link>
  )
}

interface AuthLinksProps {
  signedIn: boolean
  onLogout: () => void
  className?: string
  /** below lg Manage and Wallet move into the Browse drawer: French links do not fit beside the search */
  compact?: boolean
}

function AuthLinks({ signedIn, onLogout, className, compact = false }: AuthLinksProps) {
  const secondary = compact ? 'hidden lg:block' : undefined
  return (
    <ul className={cn('flex items-center gap-1', className)}>
      {signedIn ? (
        <>
          <li>
            <AppLink href="/post" className={cn(navLink, 'bg-primary hover:bg-primary-hover')}>
              <span className="sm:hidden">{t.postAdShort}</span>
              <span className="hidden sm:inline">{t.postAd}</span>
            </AppLink>
          </li>
          <li className={secondary}>
            <AppLink href="/manage" className={navLink}>
              {t.manage}
            </AppLink>
          </li>
          <li className={secondary}>
            <AppLink href="/wallet" className={navLink}>
              {t.wallet}
            </AppLink>
          </li>
          <li>
            <button type="button" onClick={onLogout} className={navLink}>
              {t.logout}
            </button>
          </li>
        </>
      ) : (
        <>
          <li>
            <AppLink href="/register" className={navLink}>
              {t.register}
            </AppLink>
          </li>
          <li>
            <AppLink href="/login" className={cn(navLink, 'bg-primary hover:bg-primary-hover')}>
              {t.login}
            </AppLink>
          </li>
        </>
      )}
    </ul>
  )
}

/** The sticky header. */
export function Header() {
  const session = useSession()
  // a server-rendered page shows the signed-out header (the session is in this browser's storage): the
  // first render over it does too, then the account's
  const signedIn = useHydrated() && session.signedIn
  const browse = useBrowse()
  // the admin console has its own sign-in: a member's Register and Login there only confuse
  const inAdmin = useRouterState({ select: (state) => state.location.pathname.startsWith('/admin') })
  const [drawerActive, setDrawerActive] = useState(false)
  const onLogout = () => {
    // signs out at once; the server call that revokes the token may fail silently
    void logout()
    toast({ title: t.signedOutToast })
  }
  const browseTrigger = (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={browseTriggerClass}
      onPointerEnter={prefetchDrawer}
      onFocus={prefetchDrawer}
      onClick={() => setDrawerActive(true)}
    >
      <BrowseTriggerContent />
    </button>
  )

  return (
    <header className="sticky top-0 z-40 bg-chrome text-chrome-foreground shadow-md">
      {/* the narrowest phones (320–399 px) get tighter gaps and margins, so French fits on one line */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 min-[400px]:gap-3 min-[400px]:px-4">
        {drawerActive ? (
          <Suspense fallback={browseTrigger}>
            <BrowseDrawer signedIn={signedIn} />
          </Suspense>
        ) : (
          browseTrigger
        )}

        <Logo />

        <SearchForm id="header-search" className="hidden min-w-0 max-w-xl flex-1 md:flex" />

        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <LanguageSwitch className="hidden text-chrome-foreground hover:bg-white/10 sm:inline-flex" />
          {/* for everyone: a device keeps favourites and recently viewed ads before any account */}
          {!inAdmin && (
            <AppLink
              href="/favourites"
              aria-label={t.favourites}
              title={t.favourites}
              // phones narrower than 400 px reach it from the Browse drawer: French must fit on one line
              className={cn(navLink, 'hidden min-[400px]:inline-flex')}
            >
              <HeartIcon aria-hidden="true" className="size-5" />
            </AppLink>
          )}
          {!inAdmin && <AuthLinks signedIn={signedIn} onLogout={onLogout} compact />}
          <InstallButton className="hidden border-white/20 bg-transparent text-chrome-foreground hover:bg-white/10 hover:text-chrome-foreground sm:inline-flex" />
          <AccountMenu email={signedIn ? (session.user?.email ?? null) : null} onSignOut={onLogout} />
        </div>
      </div>

      <div className="border-t border-white/10 md:hidden">
        <div className="mx-auto max-w-7xl px-3 py-2 min-[400px]:px-4">
          <SearchForm id="header-search-mobile" />
        </div>
      </div>

      <div className="hidden border-t border-white/10 bg-zinc-900 lg:block">
        {/* the categories wrap under the selects rather than scroll: French names are longer */}
        <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2">
          <ProvinceSelect
            id="header-province"
            ariaLabel={t.provinceLabel}
            value={browse.province}
            onValueChange={browse.chooseProvince}
            className="w-48 shrink-0 text-foreground"
          />
          <CitySelect
            id="header-city"
            ariaLabel={t.cityLabel}
            province={browse.province ?? ALL}
            value={browse.city}
            onSelect={browse.chooseCity}
            className="w-48 shrink-0"
          />
          <CategoryLinks
            province={browse.province ?? ALL}
            city={browse.city === ALL ? undefined : browse.city}
            className="min-w-0 flex-1"
            linkClassName="text-chrome-foreground hover:bg-white/10 aria-[current=page]:bg-white/15"
          />
        </div>
      </div>
    </header>
  )
}
