// The reminders of an ad's end (docs/decisions/051-reminders-and-renewal.md), with the app's clock moved
// by hand through the 3-day, 1-day and ended moments: each mail is in the outbox once, in the owner's
// language, with the link that opens checkout for the ad's renewal. PGlite by default, PostgreSQL with
// TEST_DB=postgres.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ads } from '#server/db/schema/ads.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { users } from '#server/db/schema/users.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { adReminderKind, scheduleAdReminders } from '#server/services/ads/ad-reminders.ts'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { holdAds, releaseAds, SYSTEM } from '#server/services/reports/holds.ts'
import { adRow, createAd, liveAd, type Member, member, payFee } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { TestClock } from '#tests/support/test-clock.ts'
import { fund } from '#tests/support/wallet.ts'

const DAY_MS = 86_400_000
const PUBLIC_URL = 'https://maple.example'

const clock = new TestClock()
// a poll a minute: what runs here runs because the test moved the clock and called runDue
const api = setupTestApp({ JOB_POLL_MS: 60_000, PUBLIC_URL }, { clock })

function moveTo(at: number): void {
  clock.advance(at - clock.now().getTime())
}

async function owner(language: 'en' | 'fr'): Promise<Member & { email: string }> {
  const m = await member(api.t)
  const [row] = await api.t.db.update(users).set({ language }).where(eq(users.id, m.id)).returning()
  if (!row) throw new Error('no user')
  return { ...m, email: row.email }
}

/** The reminder mails an address got, oldest first. */
async function reminders(email: string) {
  const mails = await readOutbox(api.t.db, { to: email, limit: 100 })
  return mails.filter((m) => m.link?.includes('/checkout')).reverse()
}

async function endOf(id: string): Promise<number> {
  const row = await adRow(api.t, id)
  if (!row?.expiresAt) throw new Error('no end')
  return row.expiresAt.getTime()
}

const renewLink = (id: string, language: 'en' | 'fr') =>
  `${PUBLIC_URL}/checkout?type=post&adId=${id}&lang=${language}`

describe(`reminders of an ad's end (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('sends the 3-day, 1-day and ended reminders once each at their moments, in French, with the renewal link', async () => {
    const m = await owner('fr')
    const id = await liveAd(api.t, m)
    const end = await endOf(id)
    const { app } = api.t

    // queued with the publication, each due at its moment
    const queued = await api.t.db.select().from(jobs).where(eq(jobs.kind, adReminderKind.name))
    expect(queued.map((j) => [j.key, j.runAt.getTime()]).sort()).toEqual(
      [
        [`${id}:${new Date(end).toISOString()}:1d`, end - DAY_MS],
        [`${id}:${new Date(end).toISOString()}:3d`, end - 3 * DAY_MS],
        [`${id}:${new Date(end).toISOString()}:ended`, end],
      ].sort(),
    )

    await app.jobs.runDue()
    moveTo(end - 3 * DAY_MS - 1_000)
    await app.jobs.runDue()
    expect(await reminders(m.email)).toEqual([])

    moveTo(end - 3 * DAY_MS)
    await app.jobs.runDue()
    await app.jobs.runDue()
    let mails = await reminders(m.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Votre annonce « Vintage silk robe » prend fin bientôt')
    expect(mails[0]?.link).toBe(renewLink(id, 'fr'))
    expect(mails[0]?.text).toContain(renewLink(id, 'fr'))

    moveTo(end - DAY_MS)
    await app.jobs.runDue()
    moveTo(end)
    await app.jobs.runDue()
    await app.jobs.runDue()
    mails = await reminders(m.email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Votre annonce « Vintage silk robe » prend fin bientôt',
      'Votre annonce « Vintage silk robe » prend fin demain',
      'Votre annonce « Vintage silk robe » a pris fin',
    ])
    expect(mails.every((mail) => mail.link === renewLink(id, 'fr'))).toBe(true)

    // the dev outbox lists them, link included
    const admin = { authorization: `Bearer ${await createAdminSession(api.t.db, 'boss')}` }
    const listed = await app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(m.email)}`,
      headers: admin,
    })
    expect(listed.statusCode).toBe(200)
    const links = listed.json<{ messages: { link: string | null }[] }>().messages.map((x) => x.link)
    expect(links.filter((link) => link === renewLink(id, 'fr'))).toHaveLength(3)
  })

  it('sends nothing more when the same cause is queued again or the queue runs again', async () => {
    const m = await owner('en')
    const id = await liveAd(api.t, m)
    const end = await endOf(id)
    moveTo(end)
    await api.t.app.jobs.runDue()
    expect(await reminders(m.email)).toHaveLength(3)

    const row = await adRow(api.t, id)
    if (!row) throw new Error('no ad')
    await api.t.db.transaction((tx) => scheduleAdReminders(tx, row, clock.now()))
    await api.t.app.jobs.runDue()
    await api.t.app.jobs.runDue()
    expect(await reminders(m.email)).toHaveLength(3)
  })

  it('sends the 3-day reminder at once, in English, for an ad posted with less than 3 days to run', async () => {
    const m = await owner('en')
    const id = await createAd(api.t, m)
    await api.t.db.update(ads).set({ lifetimeDays: 2 }).where(eq(ads.id, id))
    await fund(api.t, m.id, 200)
    expect((await payFee(api.t, m, 'post', id)).statusCode).toBe(200)
    await api.t.app.jobs.runDue()
    const mails = await reminders(m.email)
    expect(mails.map((mail) => mail.subject)).toEqual(['Your ad "Vintage silk robe" ends soon'])
    expect(mails[0]?.link).toBe(renewLink(id, 'en'))
  })

  it('moves the reminders with a renewal: the old moments send nothing, the new end gets its own', async () => {
    const m = await owner('en')
    const id = await liveAd(api.t, m)
    const end = await endOf(id)
    moveTo(end - 3 * DAY_MS)
    await api.t.app.jobs.runDue()
    expect(await reminders(m.email)).toHaveLength(1)

    await fund(api.t, m.id, 200)
    expect((await payFee(api.t, m, 'post', id)).statusCode).toBe(200)
    const newEnd = await endOf(id)
    expect(newEnd).toBe(end + 30 * DAY_MS)

    moveTo(end - DAY_MS)
    await api.t.app.jobs.runDue()
    moveTo(end)
    await api.t.app.jobs.runDue()
    expect(await reminders(m.email)).toHaveLength(1)

    // one moment at a time: mails due together are written in no set order
    for (const before of [3 * DAY_MS, DAY_MS, 0]) {
      moveTo(newEnd - before)
      await api.t.app.jobs.runDue()
    }
    expect((await reminders(m.email)).map((mail) => mail.subject)).toEqual([
      'Your ad "Vintage silk robe" ends soon',
      'Your ad "Vintage silk robe" ends soon',
      'Your ad "Vintage silk robe" ends tomorrow',
      'Your ad "Vintage silk robe" has ended',
    ])
  })

  it('sends nothing for an ad its owner removed, nor for an ad with no owner', async () => {
    const m = await owner('en')
    const id = await liveAd(api.t, m)
    const end = await endOf(id)
    const removed = await api.t.app.inject({ method: 'DELETE', url: `/api/ads/${id}`, headers: m.auth })
    expect(removed.statusCode).toBeLessThan(300)
    moveTo(end)
    await api.t.app.jobs.runDue()
    expect(await reminders(m.email)).toEqual([])

    const before = await api.t.db.select().from(jobs)
    await api.t.db.transaction((tx) =>
      scheduleAdReminders(tx, { id: 'demo00000001', ownerId: null, expiresAt: new Date(end) }, clock.now()),
    )
    expect(await api.t.db.select().from(jobs)).toHaveLength(before.length)
  })

  it('drops the waiting reminders of the ads of an account that is deleted', async () => {
    const m = await member(api.t, { password: 'a long enough password' })
    const id = await liveAd(api.t, m)
    const deleted = await api.t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: m.auth,
      payload: { password: 'a long enough password' },
    })
    expect(deleted.statusCode).toBeLessThan(300)
    const left = await api.t.db.select().from(jobs).where(eq(jobs.kind, adReminderKind.name))
    expect(left.filter((j) => j.key.startsWith(`${id}:`))).toEqual([])
  })

  it('sends nothing while an ad is held, and follows the end its release gives back', async () => {
    const m = await owner('en')
    const id = await liveAd(api.t, m)
    const end = await endOf(id)
    await api.t.db.transaction((tx) =>
      holdAds(tx, [id], { category: 'other', why: 'test', actor: SYSTEM }, clock.now()),
    )
    clock.advance(5 * DAY_MS)
    await api.t.db.transaction((tx) => releaseAds(tx, [id], SYSTEM, 'test', clock.now()))
    const newEnd = await endOf(id)
    expect(newEnd).toBe(end + 5 * DAY_MS)

    moveTo(end - DAY_MS)
    await api.t.app.jobs.runDue()
    expect(await reminders(m.email)).toEqual([])
    moveTo(newEnd - 3 * DAY_MS)
    await api.t.app.jobs.runDue()
    expect((await reminders(m.email)).map((mail) => mail.subject)).toEqual([
      'Your ad "Vintage silk robe" ends soon',
    ])
  })
})
