import { InstallButton } from '#client/components/pwa/install-button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { ALL } from '#domain/provinces.ts'
import { AppLink } from './app-link.tsx'
import { BrowseTriggerContent, browseTriggerClass } from './browse-drawer-trigger.tsx'
import { CategoryLinks } from './category-links.tsx'
import { CitySelect } from './city-select.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { ProvinceSelect } from './province-select.tsx'
import { SideSheet } from './side-sheet.tsx'
import { useBrowse } from './use-browse.ts'

const t = msg.layout

const drawerLink =
  'rounded-md px-3 py-2 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring'

/** The mobile Browse drawer: province, city and category links. Mounts open. */
export default function BrowseDrawer({ signedIn }: { signedIn: boolean }) {
  const browse = useBrowse()
  return (
    <SideSheet
      trigger={
        <button type="button" className={browseTriggerClass}>
          <BrowseTriggerContent />
        </button>
      }
      title={t.browseTitle}
      description={t.browseDescription}
      closeLabel={t.close}
    >
      {(close) => (
        <>
          <div className="grid gap-2">
            <label htmlFor="drawer-province" className="text-sm font-medium">
              {t.provinceLabel}
            </label>
            <ProvinceSelect
              id="drawer-province"
              value={browse.province}
              onValueChange={(p) => {
                close()
                browse.chooseProvince(p)
              }}
            />
          </div>
          <div className="grid gap-2">
            <span className="text-sm font-medium">{t.cityLabel}</span>
            <CitySelect
              id="drawer-city"
              ariaLabel={t.cityLabel}
              province={browse.province ?? ALL}
              value={browse.city}
              onSelect={(c) => {
                close()
                browse.chooseCity(c)
              }}
            />
          </div>
          <div className="grid gap-2">
            <span className="text-sm font-medium">{t.categoriesLabel}</span>
            <CategoryLinks
              province={browse.province ?? ALL}
              city={browse.city === ALL ? undefined : browse.city}
              onNavigate={close}
              className="-mx-1"
              linkClassName="bg-muted text-foreground hover:bg-accent"
            />
          </div>
          {signedIn && (
            <nav aria-label={t.accountMenu} className="grid gap-1 border-t border-border pt-4 lg:hidden">
              <AppLink href="/manage" onClick={close} className={drawerLink}>
                {t.manage}
              </AppLink>
              <AppLink href="/wallet" onClick={close} className={drawerLink}>
                {t.wallet}
              </AppLink>
              <AppLink href="/searches" onClick={close} className={drawerLink}>
                {t.savedSearches}
              </AppLink>
            </nav>
          )}
          {/* the header's heart is left out on the narrowest phones (header.tsx) */}
          <AppLink href="/favourites" onClick={close} className={cn(drawerLink, 'min-[400px]:hidden')}>
            {t.favourites}
          </AppLink>
          <LanguageSwitch className="self-start border border-border hover:bg-accent" />
          <InstallButton className="self-start sm:hidden" />
        </>
      )}
    </SideSheet>
  )
}
