// Two voices that may be one person do not take an ad down (docs/decisions/042-holds-that-hold.md):
// a confirmation holds only when one of its reporters is in good standing, or an admin confirms.
// Until then the ad stays listed, first in the review queue, and the admins are mailed at once.
import { describe, expect, it } from 'vitest'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { ADMIN_EMAIL, setupHoldsApp } from '#tests/support/report-holds.ts'

const { api, report, fresh, trusted, status, admin, queue, publiclyListed } = setupHoldsApp()

const adminMails = () => readOutbox(api.t.db, { to: ADMIN_EMAIL })

describe('a confirmation without a reporter in good standing', () => {
  it('an account made minutes ago and a signed-out report from the next /64 only queue the ad, first, and mail the admins once', async () => {
    const owner = await fresh()
    const other = await liveAd(api.t, owner)
    await report(other, 'trafficking', { ip: '203.0.113.9' })
    const id = await liveAd(api.t, owner)
    await report(id, 'underage', { auth: (await fresh()).auth, ip: '2001:db8:7:1::5' })
    expect(await adminMails()).toEqual([])
    await report(id, 'underage', { ip: '2001:db8:7:2::9' })
    expect(await status(id)).toBe('live')
    expect(await publiclyListed(id)).toBe(true)
    const items = await queue()
    expect(items.map((i) => [i.adId, i.awaitingConfirmation])).toEqual([
      [id, true],
      [other, false],
    ])
    const mails = await adminMails()
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain(id)
    expect(mails[0]?.text).toContain('http://localhost:8080/admin')
    // French first, then English
    expect(mails[0]?.text.indexOf('L’annonce')).toBeLessThan(mails[0]?.text.indexOf('Ad ') ?? 0)
    // a third voice of the same kind does not mail again
    await report(id, 'underage', { ip: '198.51.100.4' })
    expect(await adminMails()).toHaveLength(1)
    // the admin confirms
    expect((await admin('hold', id, 'confirmed')).statusCode).toBe(204)
    expect(await status(id)).toBe('held')
  })

  it('two new accounts from two addresses do not hold an ad, and neither does spam from one account and two /64s', async () => {
    const owner = await fresh()
    const id = await liveAd(api.t, owner)
    await report(id, 'underage', { auth: (await fresh()).auth })
    await report(id, 'underage', { auth: (await fresh()).auth })
    expect(await status(id)).toBe('live')
    const spam = await liveAd(api.t, owner)
    await report(spam, 'spam', { auth: (await fresh()).auth, ip: '2001:db8:9:1::1' })
    await report(spam, 'spam', { ip: '2001:db8:9:2::1' })
    await report(spam, 'spam', { ip: '2001:db8:9:3::1' })
    expect(await status(spam)).toBe('live')
    expect(
      (await queue())
        .filter((i) => i.awaitingConfirmation)
        .map((i) => i.adId)
        .sort(),
    ).toEqual([id, spam].sort())
    expect(await adminMails()).toHaveLength(2)
  })

  it('holds once one reporter is in good standing: verified, a week old, nothing dismissed', async () => {
    const owner = await fresh()
    const id = await liveAd(api.t, owner)
    await report(id, 'spam', { auth: (await fresh()).auth })
    await report(id, 'spam')
    // unverified, or six days old: not in good standing
    await report(id, 'spam', { auth: (await member(api.t, { ageDays: 30, verified: false })).auth })
    await report(id, 'spam', { auth: (await member(api.t, { ageDays: 6 })).auth })
    expect(await status(id)).toBe('live')
    await report(id, 'offensive', { auth: (await trusted()).auth })
    expect(await status(id)).toBe('held')
    expect((await queue())[0]).toMatchObject({ adId: id, awaitingConfirmation: false, status: 'held' })
  })
})
