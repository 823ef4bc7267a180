// The cluster's journeys: what a person does through the proxy, and what each process sees of it.
import { randomBytes } from 'node:crypto'
import { jsonHeaders } from './client.ts'
import {
  balanceCents,
  createAd,
  expectStatus,
  type Person,
  payFromWallet,
  photo,
  type Site,
  signUp,
  topUp,
  uploadPhoto,
} from './journeys.ts'
import { check, directBytes, directJson, FEES, type Step } from './step-tools.ts'
import type { Topology } from './topology.ts'

export async function journeys(step: Step, t: Topology, site: Site): Promise<void> {
  let person: Person | undefined
  let adId = ''
  let photoIdOfAd = ''
  const signedUp = await step(
    'sign up: the mail reaches the SMTP receiver, its link verifies the account',
    async (note) => {
      person = await signUp(site, 'journey')
      note(`${person.email} verified through the mailed link and signed in`)
    },
  )
  const names = [
    'top up by BTCPay (signed webhook through HAProxy): both processes show the balance',
    'post an ad with a photo, paid from the wallet',
    'the other process serves the ad, its photo and the listing',
  ]
  if (!signedUp || !person) {
    for (const name of names) await step(name, async () => Promise.reject(new Error('no signed-up person')))
    return
  }
  const who = person
  const toppedUp = await step(names[0] ?? '', async (note) => {
    await topUp(site, who, 30)
    for (const app of t.apps) {
      const seen = await directJson<{ balance_cad: number }>(`${app.direct}/api/wallet`, who.token)
      check(seen.status === 200 && seen.body?.balance_cad === 30, `${app.name} shows ${JSON.stringify(seen)}`)
    }
    note('$30.00 on both processes')
  })
  const posted =
    toppedUp &&
    (await step(names[1] ?? '', async (note) => {
      const photoId = await uploadPhoto(site, who, await photo(7))
      photoIdOfAd = photoId
      adId = await createAd(site, who, 'Vintage silk robe, cluster edition', [photoId])
      expectStatus(
        await payFromWallet(site, who, { type: 'post', listingId: adId }, randomBytes(8).toString('hex')),
        200,
        'posting fee',
      )
      check((await balanceCents(site, who)) === 3000 - FEES.post, 'the posting fee was not taken once')
      note(`ad ${adId} live with photo ${photoId}; balance $28.00`)
    }))
  if (!posted) {
    await step(names[2] ?? '', async () => Promise.reject(new Error('no ad was posted')))
    return
  }
  await step(names[2] ?? '', async (note) => {
    // a new advertiser's photo waits for an admin's review (docs/decisions/032-photo-review.md): hidden
    // on both processes, approved through the proxy, then served by both
    for (const app of t.apps) {
      const ad = await directJson<{ images: string[]; photosUnderReview?: number }>(
        `${app.direct}/api/ads/${adId}`,
      )
      check(
        ad.status === 200 && ad.body?.images.length === 0 && ad.body?.photosUnderReview === 1,
        `${app.name}: before review the ad answered ${ad.status} ${JSON.stringify(ad.body)}`,
      )
    }
    const login = await site.client.send('POST', '/api/admin/login', {
      headers: jsonHeaders(),
      body: JSON.stringify(t.admin),
    })
    const adminToken = expectStatus(login, 200, 'admin sign-in').json<{ token: string }>().token
    expectStatus(
      await site.client.send('POST', `/api/admin/photos/${photoIdOfAd}/approve`, {
        headers: jsonHeaders(adminToken),
        body: '{}',
      }),
      204,
      'photo approval',
    )
    const served: Buffer[] = []
    for (const app of t.apps) {
      const ad = await directJson<{ images: string[]; title: string }>(`${app.direct}/api/ads/${adId}`)
      check(ad.status === 200 && ad.body?.images.length === 1, `${app.name}: the ad answered ${ad.status}`)
      served.push(await directBytes(`${app.direct}${new URL(ad.body?.images[0] ?? '', app.direct).pathname}`))
      const list = await directJson<{ items: { id: string }[] }>(
        `${app.direct}/api/ads?province=QC&category=adult-buy-sell`,
      )
      check(list.body?.items.some((item) => item.id === adId) === true, `${app.name} does not list the ad`)
    }
    check(
      served[0]?.equals(served[1] ?? Buffer.alloc(0)) === true,
      'the two processes serve different photo bytes',
    )
    check((served[0]?.length ?? 0) > 1000, 'the photo served is empty')
    note(
      `both processes list the ad and serve its photo (${served[0]?.length} bytes of WebP from the shared bucket)`,
    )
  })
}
