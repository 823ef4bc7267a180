// The bench's one table: every figure with its goal and a clear verdict, plus notes below it.

export type Verdict = '' | 'meets' | 'MISSES'

interface Row {
  metric: string
  value: string
  target: string
  verdict: Verdict
}

const rows: Row[] = []
const notes: string[] = []

/** A figure; with `pass` given, the verdict column says whether it meets its target. */
export function row(metric: string, value: string, target = '', pass?: boolean): void {
  rows.push({ metric, value, target, verdict: pass === undefined ? '' : pass ? 'meets' : 'MISSES' })
}

export function note(text: string): void {
  notes.push(text)
}

export function section(title: string): void {
  console.log(`\n=== bench: ${title} ===`)
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
/** The middle of the known values (the mean of the two middle ones for an even count); null if none. */
export function median(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b)
  if (known.length === 0) return null
  const mid = Math.floor(known.length / 2)
  return known.length % 2 ? (known[mid] ?? null) : ((known[mid - 1] ?? 0) + (known[mid] ?? 0)) / 2
}

/** The value below which `percent` of the sorted samples fall (nearest rank); 0 when there are none. */
export function percentile(sorted: readonly number[], percent: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * percent) / 100))] ?? 0
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`

export function printTable(): void {
  const headers = ['Metric', 'Value', 'Goal (docs/decisions/008, issue 14)', 'Verdict']
  const cells = rows.map((r) => [r.metric, r.value, r.target, r.verdict])
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)))
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')
  console.log(`\n${line(headers)}`)
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const c of cells) console.log(line(c))
  if (notes.length > 0) {
    console.log('\nNotes:')
    for (const n of notes) console.log(`- ${n}`)
  }
  const met = rows.filter((r) => r.verdict === 'meets').length
  const missed = rows.filter((r) => r.verdict === 'MISSES').length
  console.log(`\nbench done: ${met} goals met, ${missed} missed`)
}
