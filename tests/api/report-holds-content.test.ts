// A hold that holds (docs/decisions/042-holds-that-hold.md): a held ad is judged as it was reported,
// not as its owner edits it afterwards; a dismissal clears only the content it judged; a held ad
// deleted by its owner stays for the review; a copy of a held or removed ad posted again is held.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { media } from '#server/db/schema/media.ts'
import { sweepAbandonedUploads } from '#server/services/media/media-cleanup.ts'
import { adRow, liveAd } from '#tests/support/ads.ts'
import { jpeg, served, uploaded } from '#tests/support/media.ts'
import { minimalMp4 } from '#tests/support/mp4.ts'
import { DAY_MS, setupHoldsApp } from '#tests/support/report-holds.ts'

const { api, report, fresh, trusted, status, adminAuth, admin, queue, publiclyListed, edit, deleteAd } =
  setupHoldsApp()

const WORDS = { title: 'Private dinner companion', description: 'Evenings in the Plateau, by appointment.' }

describe('a held ad stays as it was reported', () => {
  it('refuses its owner an edit with 409 in words, in both languages, and keeps its text and video private', async () => {
    const owner = await fresh()
    const video = await uploaded(api.t, owner, minimalMp4(), 'clip.mp4', 'video/mp4')
    const id = await liveAd(api.t, owner, { ...WORDS, videos: [video.id] })
    await report(id, 'underage', { auth: (await trusted()).auth })
    expect(await status(id)).toBe('held')
    const cleaned = await edit(owner, id, { title: 'Clean title', videos: [] })
    expect(cleaned.statusCode).toBe(409)
    expect(cleaned.json()).toMatchObject({ code: 'ad.held_uneditable' })
    expect(cleaned.json().detail).toContain('held for review')
    const french = await edit(owner, id, { title: 'Clean title' }, { 'accept-language': 'fr-CA' })
    expect(french.json().detail).toContain('retenue pour examen')
    expect(await adRow(api.t, id)).toMatchObject({ title: WORDS.title, videos: [video.id], status: 'held' })
    // the video stays on the held ad, private to everyone but its owner and the admins
    expect((await served(api.t, video.url)).statusCode).toBe(404)
    expect((await served(api.t, video.url, await adminAuth())).statusCode).toBe(200)
    // the owner's way out is an appeal
    const appeal = await api.t.app.inject({
      method: 'POST',
      url: `/api/ads/${id}/appeal`,
      headers: owner.auth,
      payload: { note: 'She is 24, I can show ID.' },
    })
    expect(appeal.statusCode).toBe(201)
  })

  it('shows the admin each version the reports saw, media included, and keeps that media for the review', async () => {
    const owner = await fresh()
    const photo = await uploaded(api.t, owner, await jpeg(400, 300, 5))
    const id = await liveAd(api.t, owner, { ...WORDS, images: [photo.id] })
    // a signed-out report only queues the ad: its owner can still edit it, photo and words
    await report(id, 'underage')
    expect((await edit(owner, id, { title: 'Clean title', images: [] })).statusCode).toBe(200)
    await report(id, 'underage')
    const [item] = await queue()
    expect(item?.adId).toBe(id)
    expect(item?.versions.map((v) => v.title)).toEqual([WORDS.title, 'Clean title'])
    expect(item?.versions[0]?.images).toEqual([expect.stringContaining(photo.id)])
    expect(item?.reports.map((r) => r.contentHash)).toEqual(item?.versions.map((v) => v.contentHash))
    expect(item?.contentHash).toBe(item?.versions[1]?.contentHash)
    // the photo the first report saw is detached from the ad, and still there a week later
    await sweepAbandonedUploads(api.t.app.mediaLibrary, api.t.app.log, new Date(Date.now() + 7 * DAY_MS))
    expect(await api.t.db.select().from(media).where(eq(media.id, photo.id))).toHaveLength(1)
    // once an admin holds the ad, that photo is private wherever it is attached, or not
    expect((await admin('hold', id, 'the first photo')).statusCode).toBe(204)
    expect((await served(api.t, photo.url)).statusCode).toBe(404)
    expect((await served(api.t, photo.url, await adminAuth())).statusCode).toBe(200)
  })
})

describe('a dismissal judges one content', () => {
  it('clears a reason for the content it judged only: changed content can be held again', async () => {
    const owner = await fresh()
    const id = await liveAd(api.t, owner, WORDS)
    // reported while listed, then cleaned up by its owner before an admin looked
    await report(id, 'underage')
    expect((await edit(owner, id, { title: 'Clean title' })).statusCode).toBe(200)
    expect((await admin('dismiss', id, 'the clean version is fine')).statusCode).toBe(204)
    // the same content again: the dismissal still stands
    await report(id, 'underage', { auth: (await trusted()).auth })
    expect(await status(id)).toBe('live')
    // the original words put back: not what the admin judged, so a trusted report holds it again
    expect((await edit(owner, id, { title: WORDS.title })).statusCode).toBe(200)
    await report(id, 'underage', { auth: (await trusted()).auth })
    expect(await status(id)).toBe('held')
  })

  it('holds again a released ad whose owner changed it after the release', async () => {
    const owner = await fresh()
    const id = await liveAd(api.t, owner, WORDS)
    await report(id, 'trafficking', { auth: (await trusted()).auth })
    expect((await admin('dismiss', id)).statusCode).toBe(204)
    expect((await edit(owner, id, { description: 'Now with a new offer.' })).statusCode).toBe(200)
    await report(id, 'trafficking', { auth: (await trusted()).auth })
    expect(await status(id)).toBe('held')
  })
})

describe('an ad taken down does not come back as a copy', () => {
  it('holds a new ad with the words of a held one, from another account, once it is paid', async () => {
    const id = await liveAd(api.t, await fresh(), WORDS)
    await report(id, 'underage', { auth: (await trusted()).auth })
    const copier = await fresh()
    // other capitals and punctuation are the same words
    const copy = await liveAd(api.t, copier, {
      title: 'PRIVATE dinner companion!',
      description: 'Evenings in the Plateau - by appointment',
    })
    expect(await adRow(api.t, copy)).toMatchObject({ status: 'held', holdCategory: 'copy' })
    expect(await publiclyListed(copy)).toBe(false)
    const entry = (await queue()).find((i) => i.adId === copy)
    expect(entry?.status).toBe('held')
    expect((await adRow(api.t, copy))?.holdReason).toContain(id)
  })

  it('holds a new ad showing the same photo file as an ad an admin removed, and lets ordinary reposts be', async () => {
    const owner = await fresh()
    const bytes = await jpeg(400, 300, 9)
    const first = await uploaded(api.t, owner, bytes)
    const removed = await liveAd(api.t, owner, { images: [first.id] })
    expect((await admin('remove', removed, 'not allowed here')).statusCode).toBe(204)
    const again = await uploaded(api.t, owner, bytes)
    const copy = await liveAd(api.t, owner, { title: 'Another title', images: [again.id] })
    expect(await adRow(api.t, copy)).toMatchObject({ status: 'held', holdCategory: 'copy' })
    // an ad its owner deleted, never held, may be posted again
    const plain = await liveAd(api.t, owner, WORDS)
    expect((await deleteAd(owner, plain)).statusCode).toBe(204)
    expect(await status(await liveAd(api.t, owner, WORDS))).toBe('live')
  })

  it('holds an ad edited into a copy while listed', async () => {
    await report(await liveAd(api.t, await fresh(), WORDS), 'underage', { auth: (await trusted()).auth })
    const owner = await fresh()
    const id = await liveAd(api.t, owner)
    const edited = await edit(owner, id, WORDS)
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ status: 'held' })
    expect(await adRow(api.t, id)).toMatchObject({ status: 'held', holdCategory: 'copy' })
  })
})

describe('a held ad deleted by its owner', () => {
  it('keeps its record and media for the review, and its copy posted again and paid is held', async () => {
    const owner = await fresh()
    const photo = await uploaded(api.t, owner, await jpeg(400, 300, 11))
    const id = await liveAd(api.t, owner, { ...WORDS, images: [photo.id] })
    await report(id, 'underage', { auth: (await trusted()).auth })
    expect((await deleteAd(owner, id)).statusCode).toBe(204)
    expect(await adRow(api.t, id)).toMatchObject({ status: 'removed', title: WORDS.title })
    expect((await adRow(api.t, id))?.heldAt).not.toBeNull()
    // still in the queue with its report, its photo still there for the admin alone
    const entry = (await queue()).find((i) => i.adId === id)
    expect(entry?.reports.map((r) => r.reason)).toEqual(['underage'])
    expect((await served(api.t, photo.url, await adminAuth())).statusCode).toBe(200)
    expect((await served(api.t, photo.url)).statusCode).toBe(404)
    // the same text posted again and paid for is held, not live
    const again = await liveAd(api.t, owner, WORDS)
    expect(await adRow(api.t, again)).toMatchObject({ status: 'held', holdCategory: 'copy' })
  })
})
