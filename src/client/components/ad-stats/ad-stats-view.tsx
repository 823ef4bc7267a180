import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { locale } from '#client/i18n/messages.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import type { AdStats, AdStatsCounts } from '#domain/api/ad-stats.ts'

// An ad's 30 days drawn with Recharts (docs/decisions/053-ad-stats.md). This module is loaded only
// when the stats dialog opens: Recharts and its dependencies never reach the app's start (040).

const SERIES = [
  'views',
  'reveals',
  'favourites',
  'alerts',
] as const satisfies readonly (keyof AdStatsCounts)[]

// views in the brand's colour, the rest in hues told apart with the common colour blindnesses
const COLOURS: Record<(typeof SERIES)[number], string> = {
  views: 'var(--color-primary)',
  reveals: '#0284c7',
  favourites: '#d97706',
  alerts: '#737373',
}

function dayLabel(date: string): string {
  // the days are UTC days: read them in UTC, or a visitor west of Greenwich sees each one a day early
  return new Intl.DateTimeFormat(locale(), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
}

/** The totals first (what a glance takes in), then the views as bars and the rest as lines, per day. */
export function AdStatsView({ stats }: { stats: AdStats }) {
  const t = msgPost.manage.stats
  const data = stats.days.map((day) => ({ ...day, label: dayLabel(day.date) }))
  return (
    <div className="grid gap-4">
      <section aria-label={t.totals}>
        <h3 className="mb-2 text-sm font-semibold">{t.totals}</h3>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="ad-stats-totals">
          {SERIES.map((key) => (
            <div key={key} className="rounded-lg border border-border p-2">
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <span
                  aria-hidden="true"
                  className="size-2 rounded-full"
                  style={{ background: COLOURS[key] }}
                />
                {t[key]}
              </dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid={`ad-stats-total-${key}`}>
                {stats.totals[key]}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <figure className="h-64 w-full min-w-0" data-testid="ad-stats-chart">
        {/* the chart's numbers for a screen reader, which cannot read the drawing */}
        <table className="sr-only" data-testid="ad-stats-table">
          <caption>{t.perDay}</caption>
          <thead>
            <tr>
              <th scope="col">{t.day}</th>
              {SERIES.map((key) => (
                <th key={key} scope="col">
                  {t[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.label}</th>
                {SERIES.map((key) => (
                  <td key={key}>{day[key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -24 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              dataKey="views"
              name={t.views}
              fill={COLOURS.views}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
            {SERIES.slice(1).map((key) => (
              <Line
                key={key}
                type="monotone"
                dataKey={key}
                name={t[key]}
                stroke={COLOURS[key]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </figure>
    </div>
  )
}
