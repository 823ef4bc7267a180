import { BellIcon, SearchIcon, Trash2Icon } from 'lucide-react'
import { useId } from 'react'
import { AppLink } from '#client/components/layout/app-link.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { selectTriggerClass } from '#client/components/ui/select-styles.ts'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { errorDetail } from '#client/lib/http.ts'
import { useSession } from '#client/lib/session/use-session.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { SavedSearch } from '#domain/api/saved-searches.ts'
import {
  MAX_SAVED_SEARCHES,
  SEARCH_ALERTS,
  SEARCH_FREQUENCIES,
  type SearchAlert,
  type SearchFrequency,
} from '#domain/api/saved-searches-paths.ts'
import { useDeleteSavedSearch } from '../api/delete-saved-search.ts'
import { useMarkSearchOpened } from '../api/mark-search-opened.ts'
import { useSavedSearches } from '../api/saved-searches.ts'
import { subscribeThisDevice } from '../api/subscribe-push.ts'
import { useUpdateSavedSearch } from '../api/update-saved-search.ts'
import { searchName, searchPath } from '../search-name.ts'

const m = msg.savedSearches

function newSinceText(count: number): string {
  if (count === 0) return m.newSince.zero
  if (count === 1) return m.newSince.one
  return fill(m.newSince.other, { count: String(count) })
}

function Item({ search }: { search: SavedSearch }) {
  const id = useId()
  const name = searchName(search)
  const opened = useMarkSearchOpened()
  const update = useUpdateSavedSearch()
  const remove = useDeleteSavedSearch()
  const failed = (error: unknown) =>
    toast({ title: errorDetail(error, msg.pwa.requestFailed), variant: 'destructive' })
  const change = (patch: { alert?: SearchAlert; frequency?: SearchFrequency }) => {
    update.mutate({ id: search.id, patch }, { onError: failed })
    // a notification alert needs this device's permission and subscription (decision 054)
    if (patch.alert === 'push' || patch.alert === 'both')
      subscribeThisDevice().then((allowed) => {
        if (!allowed) toast({ title: msg.savedSearches.pushRefused, variant: 'destructive' })
      }, failed)
  }
  return (
    <li
      data-testid="saved-search"
      data-search-id={search.id}
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 text-base font-semibold wrap-anywhere">
          {/* opening the listing from here is what "new since" counts from */}
          <AppLink
            href={searchPath(search)}
            onClick={() => opened.mutate(search.id)}
            className="outline-none hover:underline focus-visible:underline"
          >
            {name}
          </AppLink>
        </h2>
        <span
          data-testid="new-since"
          className={
            search.newSince > 0
              ? 'shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground'
              : 'shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground'
          }
        >
          {newSinceText(search.newSince)}
        </span>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-alert`} className="text-xs font-medium text-muted-foreground">
            {m.alert}
          </label>
          <select
            id={`${id}-alert`}
            className={`${selectTriggerClass} h-9 w-auto`}
            value={search.alert}
            disabled={update.isPending}
            onChange={(event) => change({ alert: event.target.value as SearchAlert })}
          >
            {SEARCH_ALERTS.map((alert) => (
              <option key={alert} value={alert}>
                {m.alerts[alert]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-frequency`} className="text-xs font-medium text-muted-foreground">
            {m.frequency}
          </label>
          <select
            id={`${id}-frequency`}
            className={`${selectTriggerClass} h-9 w-auto`}
            value={search.frequency}
            disabled={update.isPending || search.alert === 'none'}
            onChange={(event) => change({ frequency: event.target.value as SearchFrequency })}
          >
            {SEARCH_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {m.frequencies[frequency]}
              </option>
            ))}
          </select>
        </div>
        <div className="ml-auto flex gap-2">
          <Button variant="outline" size="sm" asChild>
            <AppLink href={searchPath(search)} onClick={() => opened.mutate(search.id)}>
              <SearchIcon aria-hidden="true" />
              {m.open}
            </AppLink>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={fill(m.deleteLabel, { name })}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(search.id, {
                onSuccess: () => toast({ title: m.deleted }),
                onError: failed,
              })
            }
          >
            <Trash2Icon aria-hidden="true" />
            {m.delete}
          </Button>
        </div>
      </div>
    </li>
  )
}

/** /searches: the account's saved searches, each with what is new since it was last opened. */
export function SavedSearchesPage() {
  const session = useSession()
  const searches = useSavedSearches(session.user?.email)
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
        <BellIcon aria-hidden="true" className="size-6 text-primary" />
        {m.title}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {m.intro} {fill(m.limit, { max: String(MAX_SAVED_SEARCHES) })}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{m.alertsLater}</p>
      {searches.isError && (
        <p role="alert" className="mt-6 text-sm text-destructive">
          {errorDetail(searches.error, m.loadFailed)}
        </p>
      )}
      {searches.data && searches.data.length === 0 && (
        <p className="mt-6 text-sm text-muted-foreground">{m.empty}</p>
      )}
      <ul data-testid="saved-searches-list" className="mt-6 flex flex-col gap-3">
        {searches.data?.map((search) => (
          <Item key={search.id} search={search} />
        ))}
      </ul>
    </div>
  )
}
