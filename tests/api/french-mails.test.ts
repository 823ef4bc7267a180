// Every mail and notification the site sends, for a French account, through the routes and jobs that
// send them for real (issue 44 item 5, docs/decisions/016-languages.md, 066-french-everywhere.md): the
// subject and the text are French and carry none of the English version's words. PGlite by default,
// PostgreSQL with TEST_DB=postgres.
import { Agent } from 'node:https'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlertsPaths } from '#domain/api/alerts.ts'
import { BumpSchedulePaths } from '#domain/api/bump-schedules.ts'
import { PushPaths, PushPayloadSchema } from '#domain/api/push.ts'
import { ReportPaths } from '#domain/api/reports.ts'
import type { SavedSearchCreate } from '#domain/api/saved-searches.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import { formatFee } from '#domain/money.ts'
import { users } from '#server/db/schema/users.ts'
import { wallets } from '#server/db/schema/wallet.ts'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { adRow, liveAd, type Member, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { browserKeys, type PushService, startPushService } from '#tests/support/push-service.ts'
import { ADMIN_EMAIL } from '#tests/support/report-holds.ts'
import { saveSearch } from '#tests/support/saved-searches.ts'
import { TestClock } from '#tests/support/test-clock.ts'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
const FRENCH_BROWSER = { 'accept-language': 'fr-CA,fr;q=0.9' }
const ENGLISH_BROWSER = { 'accept-language': 'en-CA,en;q=0.9' }

let service: PushService
const clock = new TestClock()
const agent = new Agent({ keepAlive: false })
// a poll a minute: what runs here runs because a test moved the clock and called runDue
const api = setupTestApp(
  { JOB_POLL_MS: 60_000, PUBLIC_URL: 'https://maple.example', ADMIN_EMAIL: [ADMIN_EMAIL] },
  { clock, pushAgent: agent },
)

beforeAll(async () => {
  service = await startPushService()
  agent.options.ca = service.cert
})
afterAll(async () => {
  await service.close()
})

/** A member whose account speaks French (users.language), and the address their mail goes to. */
async function frenchMember(options: { cents?: number } = {}): Promise<Member & { email: string }> {
  const m = await member(api.t, options)
  const [row] = await api.t.db.update(users).set({ language: 'fr' }).where(eq(users.id, m.id)).returning()
  if (!row) throw new Error('no user')
  return { ...m, email: row.email }
}

async function mailsTo(email: string) {
  return (await readOutbox(api.t.db, { to: email, limit: 100 })).reverse()
}

/** A mail's subject and text, which must read in French and hold none of the English version's words. */
function expectFrench(
  mail: { subject: string; text: string } | undefined,
  french: { subject: string; text: string },
  english: readonly string[],
) {
  expect(mail?.subject).toContain(french.subject)
  expect(mail?.text).toContain(french.text)
  for (const words of english) expect(`${mail?.subject}\n${mail?.text}`).not.toContain(words)
}

async function runJobs(ms: number): Promise<void> {
  clock.advance(ms)
  await api.t.app.jobs.runDue()
  await api.t.app.jobs.runDue()
}

function moveTo(at: number): void {
  clock.advance(Math.max(0, at - clock.now().getTime()))
}

function auth(path: string, payload: object, headers: Record<string, string>) {
  return api.t.app.inject({ method: 'POST', url: `/api/auth${path}`, payload, headers })
}

const silkInMontreal: SavedSearchCreate = {
  province: 'QC',
  category: 'adult-buy-sell',
  city: 'Montréal',
  q: 'silk',
  alert: 'both',
  frequency: 'instant',
}

describe(`mails and notifications to a French account (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('sends the verification mail of a sign-up made in French in French', async () => {
    const email = 'camille@example.com'
    const res = await auth('/register', { email, password: 'maple-pw-1' }, FRENCH_BROWSER)
    expect(res.statusCode, res.body).toBeLessThan(300)
    await api.t.app.afterAnswer.settled()
    const [verify] = await mailsTo(email)
    expectFrench(
      verify,
      { subject: 'Confirmez votre adresse courriel', text: 'Confirmez votre adresse courriel pour terminer' },
      ['Verify your email', 'Welcome', 'This link expires'],
    )
  })

  it('sends the reset mail and the sign-up attempt notice in French even when asked from an English page', async () => {
    const m = await frenchMember()
    expect((await auth('/forgot-password', { email: m.email }, ENGLISH_BROWSER)).statusCode).toBe(200)
    await api.t.app.afterAnswer.settled()
    await auth('/register', { email: m.email, password: 'maple-pw-2' }, ENGLISH_BROWSER)
    await api.t.app.afterAnswer.settled()
    const [reset, attempt] = await mailsTo(m.email)
    expectFrench(
      reset,
      { subject: 'Réinitialisez votre mot de passe', text: 'Choisissez-en un nouveau ici' },
      ['Reset your password', 'Someone asked', 'works once'],
    )
    expectFrench(
      attempt,
      {
        subject: 'Quelqu’un a tenté de s’inscrire avec votre adresse',
        text: 'Si c’était vous, connectez-vous',
      },
      ['Someone tried', 'already has an account', 'sign in at'],
    )
  })

  it('sends the reminders of an ad’s end in French, with a renewal link that opens in French', async () => {
    const m = await frenchMember()
    const id = await liveAd(api.t, m, { title: 'Peignoir en soie' })
    const end = (await adRow(api.t, id))?.expiresAt?.getTime()
    if (end === undefined) throw new Error('no end')
    moveTo(end - 3 * DAY_MS)
    await runJobs(1_000)
    moveTo(end)
    await runJobs(1_000)
    const mails = await mailsTo(m.email)
    const soon = mails.find((mail) => mail.subject.endsWith('prend fin bientôt'))
    const ended = mails.find((mail) => mail.subject.endsWith('a pris fin'))
    expectFrench(
      soon,
      { subject: 'Votre annonce « Peignoir en soie » prend fin bientôt', text: 'restera en ligne jusqu’au' },
      ['Your ad', 'ends soon', 'stays listed', 'To renew it'],
    )
    expect(soon?.link).toContain('lang=fr')
    expectFrench(
      ended,
      { subject: 'Votre annonce « Peignoir en soie » a pris fin', text: 'Vous pouvez la renouveler pendant' },
      ['has ended', 'no longer listed', 'You can renew'],
    )
  })

  it('sends the scheduled bump’s short-balance mail in French, the fee written the French way', async () => {
    const m = await frenchMember({ cents: 1_000 })
    const id = await liveAd(api.t, m)
    await api.t.db.update(wallets).set({ balanceCents: 0 }).where(eq(wallets.userId, m.id))
    const moment = new Date(clock.now().getTime() + HOUR_MS).toISOString()
    const res = await api.t.app.inject({
      method: 'PUT',
      url: `/api${BumpSchedulePaths.schedule(id)}`,
      headers: m.auth,
      payload: { moments: [moment] },
    })
    expect(res.statusCode, res.body).toBe(200)
    await runJobs(HOUR_MS)
    const [short] = await mailsTo(m.email)
    expectFrench(
      short,
      {
        subject: 'Une remontée programmée n’a pas eu lieu : solde insuffisant',
        text: `(${formatFee(FEES_CENTS.bump, 'fr-CA')})`,
      },
      ['scheduled bump', 'balance too low', 'Top up your wallet'],
    )
  })

  it('sends a saved search’s alert mail and its push in French, and its unsubscribe page answers in French', async () => {
    const reader = await frenchMember()
    const seller = await member(api.t)
    await saveSearch(api.t, reader, silkInMontreal)
    const device = browserKeys()
    const endpoint = `${service.origin}/push/camille-phone`
    const subscribed = await api.t.app.inject({
      method: 'POST',
      url: `/api${PushPaths.subscriptions}`,
      headers: reader.auth,
      payload: { endpoint, keys: device.keys },
    })
    expect(subscribed.statusCode).toBe(201)
    await liveAd(api.t, seller, { province: 'QC', city: 'Montréal', title: 'Silk robe for a French reader' })
    await runJobs(3 * 60_000)
    await runJobs(3 * 60_000)

    const [alert] = await mailsTo(reader.email)
    expectFrench(
      alert,
      {
        subject: 'Nouvelle annonce : Montréal · Achat et vente pour adultes · « silk »',
        text: 'Une nouvelle annonce correspond à votre recherche',
      },
      ['New ad', 'matches your search', 'Adult Buy & Sell', 'Stop these e-mails'],
    )

    const pushed = service.received.filter((r) => r.path === '/push/camille-phone')
    expect(pushed).toHaveLength(1)
    const payload = PushPayloadSchema.parse(device.decrypt(pushed[0]?.body ?? Buffer.alloc(0)))
    expect(payload.body).toBe('1 nouvelle annonce : Montréal · Achat et vente pour adultes · « silk »')

    // the link in the mail, opened by a browser that asks in English: the page is the account's French
    const token = new URL(
      alert?.text.match(/https?:\/\/\S+unsubscribe\?token=\S+/)?.[0] ?? 'http://x',
    ).searchParams.get('token')
    const page = await api.t.app.inject({
      method: 'GET',
      url: `/api${AlertsPaths.unsubscribe}?token=${encodeURIComponent(token ?? '')}`,
      headers: { accept: 'text/html', ...ENGLISH_BROWSER },
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<html lang="fr-CA">')
    expect(page.body).toContain('Alerte par courriel désactivée')
    expect(page.body).not.toContain('E-mail alert turned off')
  })

  it('writes the admins’ mail about a report awaiting confirmation in French first', async () => {
    const owner = await frenchMember()
    const id = await liveAd(api.t, owner)
    const report = (from: { auth?: Record<string, string>; ip: string }) =>
      api.t.app.inject({
        method: 'POST',
        url: `/api${ReportPaths.report(id)}`,
        headers: from.auth ?? {},
        payload: { reason: 'underage', details: '' },
        remoteAddress: from.ip,
      })
    // a new account and a signed-out reporter: the ad waits for an admin (docs/decisions/042-holds-that-hold.md)
    expect((await report({ auth: (await member(api.t)).auth, ip: '2001:db8:66:1::5' })).statusCode).toBe(200)
    expect((await report({ ip: '2001:db8:66:2::9' })).statusCode).toBe(200)
    const [alert] = await mailsTo(ADMIN_EMAIL)
    expect(alert?.subject.startsWith('Signalement à confirmer')).toBe(true)
    const text = alert?.text ?? ''
    expect(text).toContain('une personne pourrait avoir moins de 18 ans')
    expect(text.indexOf('L’annonce')).toBeGreaterThanOrEqual(0)
    expect(text.indexOf('L’annonce')).toBeLessThan(text.indexOf(`Ad ${id}`))
  })
})
