// Scheduled bumps (issue 42 item 4, docs/decisions/050-scheduled-bumps.md): the owner schedules
// moments; each runs once at its time as a wallet bump like a manual one, a short balance skips its
// moment and mails once, cancelling or replacing charges nothing more, and a held, expired or removed
// ad's schedule stops. The restart and two-process runs are in bump-schedules-processes.test.ts.
import { eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { BumpSchedulePaths, BumpScheduleSchema } from '#domain/api/bump-schedules.ts'
import { PrivacyPaths } from '#domain/api/privacy.ts'
import { WalletSchema } from '#domain/api/wallet.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import { ads } from '#server/db/schema/ads.ts'
import { bumpSchedules } from '#server/db/schema/bump-schedules.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { outbox } from '#server/db/schema/mail.ts'
import { users } from '#server/db/schema/users.ts'
import { wallets } from '#server/db/schema/wallet.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { scheduledBumpKind } from '#server/services/bump-schedules/bump-kind.ts'
import { holdAds, SYSTEM } from '#server/services/reports/holds.ts'
import { liveAd, type Member, member, payFee } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { TestClock } from '#tests/support/test-clock.ts'
import { ledger } from '#tests/support/wallet.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const clock = new TestClock()
const api = setupTestApp({ JOB_POLL_MS: 60_000 }, { clock })

const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString()

function send(method: 'PUT' | 'GET' | 'DELETE', id: string, headers: object, payload?: object) {
  return api.t.app.inject({
    method,
    url: `/api${BumpSchedulePaths.schedule(id)}`,
    headers: { ...headers },
    ...(payload ? { payload } : {}),
  })
}

const schedule = (m: Member, id: string, payload: object) => send('PUT', id, m.auth, payload)

/** The scheduled bumps' jobs (a published ad queues its reminders too, docs/decisions/051-reminders-and-renewal.md). */
function bumpJobs() {
  return api.t.db.select().from(jobs).where(eq(jobs.kind, scheduledBumpKind.name))
}

async function setBalance(m: Member, cents: number) {
  await api.t.db.update(wallets).set({ balanceCents: cents }).where(eq(wallets.userId, m.id))
}

const scheduledBumps = async (m: Member) =>
  (await ledger(api.t, m.id)).filter((row) => row.type === 'bump' && row.scheduledFor !== null)

/** Expired by the app's clock, which the tests move (expire() goes by the database's). */
async function expireNow(id: string) {
  await api.t.db
    .update(ads)
    .set({ expiresAt: new Date(clock.now().getTime() - 1_000) })
    .where(eq(ads.id, id))
}

async function runAfter(ms: number) {
  clock.advance(ms)
  await api.t.app.jobs.runDue()
}

describe('scheduling bumps', () => {
  it('answers the owner the moments it queued, the same on GET, in their time zone', async () => {
    const owner = await member(api.t, { cents: 1_000 })
    const id = await liveAd(api.t, owner)
    const res = await schedule(owner, id, { timeZone: 'America/Toronto', times: ['09:00', '21:00'], days: 3 })
    expect(res.statusCode).toBe(200)
    const body = BumpScheduleSchema.parse(res.json())
    // three days from today, less those already past today
    expect(body.next.length).toBeGreaterThanOrEqual(4)
    expect(body.next.length).toBeLessThanOrEqual(6)
    const wall = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    expect(new Set(body.next.map((m) => wall.format(new Date(m))))).toEqual(new Set(['09:00', '21:00']))
    expect(body.next.every((m) => Date.parse(m) > clock.now().getTime())).toBe(true)
    expect(body).toMatchObject({ timeZone: 'America/Toronto', times: ['09:00', '21:00'], days: 3 })
    expect(body.feeCad).toBe(FEES_CENTS.bump / 100)
    const read = await send('GET', id, owner.auth)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual(body)
  })

  it('answers 401 signed out, and 404 to another member and to an admin, changing nothing', async () => {
    const owner = await member(api.t, { cents: 1_000 })
    const other = await member(api.t, { cents: 1_000 })
    const id = await liveAd(api.t, owner)
    expect((await schedule(owner, id, { moments: [at(HOUR)] })).statusCode).toBe(200)
    const admin = { authorization: `Bearer ${await createAdminSession(api.t.db, 'boss')}` }
    for (const method of ['PUT', 'GET', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { moments: [at(2 * HOUR)] } : undefined
      expect((await send(method, id, {}, payload)).statusCode).toBe(401)
      const theirs = await send(method, id, other.auth, payload)
      expect(theirs.statusCode).toBe(404)
      expect(theirs.json()).toMatchObject({ code: 'ad.not_found' })
      expect([401, 403, 404]).toContain((await send(method, id, admin, payload)).statusCode)
    }
    expect(BumpScheduleSchema.parse((await send('GET', id, owner.auth)).json()).next).toEqual([at(HOUR)])
  })

  it('refuses with a code moments closer than the bump spacing, past, too far, and a wrong time zone', async () => {
    const owner = await member(api.t, { cents: 1_000 })
    const id = await liveAd(api.t, owner)
    const refused = async (payload: object, code: string) => {
      const res = await schedule(owner, id, payload)
      expect(res.statusCode).toBe(400)
      const body = res.json()
      expect(body.code === code || body.issues?.some((i: { code: string }) => i.code === code)).toBe(true)
    }
    await refused({ moments: [at(HOUR), at(HOUR + 10 * MINUTE)] }, 'bump_schedule.too_close')
    await refused({ timeZone: 'UTC', times: ['10:00', '10:05'], days: 2 }, 'bump_schedule.too_close')
    await refused({ moments: [at(-MINUTE)] }, 'bump_schedule.moment_past')
    await refused({ moments: [at(15 * 24 * HOUR)] }, 'bump_schedule.moment_too_far')
    await refused({ timeZone: 'Mars/Olympus', times: ['10:00'], days: 1 }, 'bump_schedule.time_zone')
    await refused({ timeZone: 'UTC', times: ['25:00'], days: 1 }, 'bump_schedule.time_format')
    await refused({ timeZone: 'UTC', times: ['10:00'], days: 15 }, 'request.one_of')
    await refused(
      { timeZone: 'UTC', times: ['10:00'], days: 1, moments: [at(HOUR)] },
      'bump_schedule.one_form',
    )
    await refused(
      { moments: Array.from({ length: 51 }, (_, i) => at((i + 1) * HOUR)) },
      'bump_schedule.too_many',
    )
    const french = await api.t.app.inject({
      method: 'PUT',
      url: `/api${BumpSchedulePaths.schedule(id)}`,
      headers: { ...owner.auth, 'accept-language': 'fr-CA' },
      payload: { moments: [at(HOUR), at(HOUR + MINUTE)] },
    })
    expect(french.json().detail).toContain('15 minutes')
    expect(await bumpJobs()).toHaveLength(0)
  })

  it('refuses a schedule for an ad that is not live (409, the bump fee’s code)', async () => {
    const owner = await member(api.t, { cents: 1_000 })
    const id = await liveAd(api.t, owner)
    await expireNow(id)
    const res = await schedule(owner, id, { moments: [at(HOUR)] })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'ad.bump_needs_renewal' })
  })
})

describe('running a schedule', () => {
  it('charges each moment once at its time, marked as scheduled in the wallet history', async () => {
    const owner = await member(api.t, { cents: 1_000 })
    const id = await liveAd(api.t, owner)
    const moments = [at(HOUR), at(2 * HOUR)]
    expect((await schedule(owner, id, { moments })).statusCode).toBe(200)
    await runAfter(HOUR - MINUTE)
    expect(await scheduledBumps(owner)).toHaveLength(0)
    await runAfter(MINUTE)
    expect((await scheduledBumps(owner)).map((r) => r.scheduledFor?.toISOString())).toEqual([moments[0]])
    await runAfter(HOUR)
    await api.t.app.jobs.runDue()
    const charged = await scheduledBumps(owner)
    expect(charged.map((r) => r.scheduledFor?.toISOString()).sort()).toEqual(moments)
    expect(charged.every((r) => r.amountCents === FEES_CENTS.bump && r.method === 'wallet')).toBe(true)
    const wallet = WalletSchema.parse(
      (await api.t.app.inject({ url: '/api/wallet/', headers: owner.auth })).json(),
    )
    const bumps = wallet.transactions.filter((t) => t.type === 'bump')
    expect(bumps.map((t) => t.scheduled_for).sort()).toEqual(moments)
    expect(BumpScheduleSchema.parse((await send('GET', id, owner.auth)).json()).next).toEqual([])
  })

  it('skips a moment the balance does not cover and mails the owner once, in their language', async () => {
    const owner = await member(api.t, { cents: 1_000 })
    await api.t.db.update(users).set({ language: 'fr' }).where(eq(users.id, owner.id))
    const id = await liveAd(api.t, owner)
    await setBalance(owner, FEES_CENTS.bump)
    const moments = [at(HOUR), at(2 * HOUR), at(3 * HOUR)]
    expect((await schedule(owner, id, { moments })).statusCode).toBe(200)
    for (let i = 0; i < 3; i++) await runAfter(HOUR)
    expect((await scheduledBumps(owner)).map((r) => r.scheduledFor?.toISOString())).toEqual([moments[0]])
    const [user] = await api.t.db.select().from(users).where(eq(users.id, owner.id))
    const mails = await api.t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, user?.email ?? ''))
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain('solde insuffisant')
    const done = await bumpJobs()
    expect(done.every((j) => j.doneAt !== null)).toBe(true)
  })

  it('charges nothing more once cancelled, or for the moments a second schedule replaced', async () => {
    const owner = await member(api.t, { cents: 1_000 })
    const id = await liveAd(api.t, owner)
    expect((await schedule(owner, id, { moments: [at(HOUR), at(2 * HOUR)] })).statusCode).toBe(200)
    const replaced = await schedule(owner, id, { moments: [at(3 * HOUR)] })
    expect(BumpScheduleSchema.parse(replaced.json()).next).toEqual([at(3 * HOUR)])
    await runAfter(2 * HOUR)
    expect(await scheduledBumps(owner)).toHaveLength(0)
    const cancelled = await send('DELETE', id, owner.auth)
    expect(cancelled.statusCode).toBe(200)
    expect(BumpScheduleSchema.parse(cancelled.json()).next).toEqual([])
    await runAfter(2 * HOUR)
    expect(await scheduledBumps(owner)).toHaveLength(0)
    expect(await bumpJobs()).toHaveLength(0)
  })

  it('stops the schedule of an ad that is held, expired or removed, charging nothing', async () => {
    const owner = await member(api.t, { cents: 2_000 })
    const held = await liveAd(api.t, owner)
    const expired = await liveAd(api.t, owner)
    const removed = await liveAd(api.t, owner)
    for (const id of [held, expired, removed])
      expect((await schedule(owner, id, { moments: [at(HOUR)] })).statusCode).toBe(200)
    await holdAds(api.t.db, [held], { category: 'other', why: 'test', actor: SYSTEM })
    await expireNow(expired)
    expect((await send('GET', expired, owner.auth)).json()).toMatchObject({ next: [] })
    const gone = await api.t.app.inject({ method: 'DELETE', url: `/api/ads/${removed}`, headers: owner.auth })
    expect(gone.statusCode).toBe(204)
    await runAfter(HOUR)
    expect(await scheduledBumps(owner)).toHaveLength(0)
    expect(await api.t.db.select().from(bumpSchedules)).toHaveLength(0)
  })

  it('leaves no moment waiting once the account is deleted', async () => {
    const owner = await member(api.t, { cents: 1_000, password: 'correct horse battery' })
    const id = await liveAd(api.t, owner)
    expect((await schedule(owner, id, { moments: [at(HOUR), at(2 * HOUR)] })).statusCode).toBe(200)
    const deleted = await api.t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: owner.auth,
      payload: { password: 'correct horse battery' },
    })
    expect(deleted.statusCode).toBeLessThan(300)
    expect(await bumpJobs()).toHaveLength(0)
    expect(await api.t.db.select().from(bumpSchedules)).toHaveLength(0)
  })

  it('skips a moment that comes within the bump spacing of a manual bump', async () => {
    const owner = await member(api.t, { cents: 1_000 })
    const id = await liveAd(api.t, owner)
    expect((await schedule(owner, id, { moments: [at(5 * MINUTE), at(HOUR)] })).statusCode).toBe(200)
    // a bump by hand now, as the app's clock tells it (a paid bump goes by the database's, the same
    // instant outside tests)
    expect((await payFee(api.t, owner, 'bump', id)).statusCode).toBe(200)
    await api.t.db.update(ads).set({ lastBumpAt: clock.now() }).where(eq(ads.id, id))
    await runAfter(5 * MINUTE)
    expect(await scheduledBumps(owner)).toHaveLength(0)
    await runAfter(HOUR)
    expect(await scheduledBumps(owner)).toHaveLength(1)
  })

  it("puts the user's schedules, with the moments still to run, in their data export", async () => {
    const owner = await member(api.t, { cents: 500 })
    const id = await liveAd(api.t, owner)
    const moments = [at(2 * HOUR), at(5 * HOUR)]
    expect((await schedule(owner, id, { moments })).statusCode).toBe(200)
    const other = await member(api.t, { cents: 500 })
    await schedule(other, await liveAd(api.t, other), { moments: [at(3 * HOUR)] })
    const res = await api.t.app.inject({
      method: 'GET',
      url: `/api${PrivacyPaths.export}`,
      headers: owner.auth,
    })
    expect(res.statusCode).toBe(200)
    const files = unzipSync(new Uint8Array(res.rawPayload))
    const json = JSON.parse(
      Buffer.from(files['maple-after-dark-data/bump-schedules.json'] ?? []).toString('utf8'),
    )
    expect(json).toEqual({
      schedules: [
        { ad: id, time_zone: null, times: null, days: null, next: moments, created_at: expect.any(String) },
      ],
    })
  })
})
