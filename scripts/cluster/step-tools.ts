// What the cluster test's steps share (scripts/test-cluster.ts runs them in order and reports each):
// the step's shape, the fees, a check that fails the step, and requests sent straight to one process,
// past the proxy, to see what that process itself answers.
import type { Person, Site } from './journeys.ts'
import { createAd, expectStatus, payFromWallet, signUp, topUp } from './journeys.ts'
import { waitUntil } from './processes.ts'
import type { Topology } from './topology.ts'

export type Note = (line: string) => void
export type Step = (name: string, run: (note: Note) => Promise<void>) => Promise<boolean>

export const FEES = { post: 200, bump: 100 }

export function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message)
}

export async function directJson<T>(
  url: string,
  token?: string,
): Promise<{ status: number; body: T | undefined }> {
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(10_000),
  })
  const text = await res.text()
  return {
    status: res.status,
    body: res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as T) : undefined,
  }
}

export async function directBytes(url: string): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
  return Buffer.from(await res.arrayBuffer())
}

/** Signs up, tops up and publishes one ad, so the person can pay bumps from the wallet. */
export async function payingMember(
  site: Site,
  label: string,
  dollars: number,
): Promise<{ person: Person; adId: string }> {
  const person = await signUp(site, label)
  await topUp(site, person, dollars)
  const adId = await createAd(site, person, `Cluster ad of ${label}`)
  expectStatus(await payFromWallet(site, person, { type: 'post', listingId: adId }), 200, 'posting fee')
  return { person, adId }
}

/**
 * Waits, process by process, until each answers a signed-in wallet read again (the database back),
 * within `boundMs`: how long each took. A process that died says so with the end of its log.
 */
export async function walletReadsBack(
  t: Topology,
  token: string,
  boundMs: number,
): Promise<{ name: string; tookMs: number }[]> {
  const back: { name: string; tookMs: number }[] = []
  for (const app of t.apps) {
    const tookMs = await waitUntil(
      `${app.name} answering a signed-in wallet read`,
      async () => {
        if (!app.service.alive()) throw new Error(`${app.name} died:\n${app.service.tail(15)}`)
        return (await directJson(`${app.direct}/api/wallet`, token)).status === 200
      },
      boundMs,
      100,
    ).catch((error: unknown) => {
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}${app.service.alive() ? '' : `\n${app.service.tail(15)}`}`,
      )
    })
    back.push({ name: app.name, tookMs })
  }
  return back
}
