import { fill } from '#client/i18n/fill.ts'
import { formatPostedDate, SERVER_TIME_ZONE } from '#client/lib/ad-format.ts'
import { useHydrated } from '#client/lib/use-hydrated.ts'

/**
 * A <time> in the reader's time zone, which the server does not know: on a server-rendered page it
 * first reads as the server wrote it (Eastern time), then in the reader's zone once the app runs.
 * `template` wraps it ("Posted {date}").
 */
export function PostedTime({
  iso,
  withTime = true,
  template,
}: {
  iso: string
  withTime?: boolean
  template?: string
}) {
  const hydrated = useHydrated()
  const text = formatPostedDate(iso, withTime, hydrated ? undefined : SERVER_TIME_ZONE)
  return <time dateTime={iso}>{template ? fill(template, { date: text }) : text}</time>
}
