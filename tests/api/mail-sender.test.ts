import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { outbox } from '#server/db/schema/mail.ts'
import { enqueueMail, readOutbox } from '#server/services/mail/outbox.ts'
import {
  createMailSender,
  MAIL_BATCH,
  MAIL_MAX_ATTEMPTS,
  type MailObserver,
  type SendMail,
} from '#server/services/mail/sender.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

let t: TestApp
const logged: string[] = []
const log = {
  info: (obj: object, msg: string) => void logged.push(JSON.stringify({ ...obj, msg })),
  error: (obj: object, msg: string) => void logged.push(JSON.stringify({ ...obj, msg })),
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(async () => {
  logged.length = 0
  await t.reset()
})

const MAIL = {
  to: 'reader@example.com',
  subject: 'Reset your password',
  text: 'Choose a new one here: https://maple.example/reset-password?token=SECRET-TOKEN',
  link: 'https://maple.example/reset-password?token=SECRET-TOKEN',
}

describe('the outbox sender', () => {
  it('sends each queued mail once and deletes it, so no live link stays at rest', async () => {
    const sent: string[] = []
    const send: SendMail = async (m) => void sent.push(`${m.to}|${m.subject}|${m.text}`)
    await enqueueMail(t.db, MAIL)
    await enqueueMail(t.db, { ...MAIL, to: 'second@example.com' })
    const sender = createMailSender({ db: t.db, send, log })
    try {
      expect(await sender.drain()).toBe(2)
      expect(await sender.drain()).toBe(0)
    } finally {
      await sender.stop()
    }
    expect(sent.sort()).toEqual(
      [
        `reader@example.com|${MAIL.subject}|${MAIL.text}`,
        `second@example.com|${MAIL.subject}|${MAIL.text}`,
      ].sort(),
    )
    expect(await readOutbox(t.db)).toEqual([])
  })

  it('keeps a mail it could not send for a later try and logs no link or token', async () => {
    const send: SendMail = async () => {
      throw new Error('connect ECONNREFUSED')
    }
    await enqueueMail(t.db, MAIL)
    const sender = createMailSender({ db: t.db, send, log })
    try {
      expect(await sender.drain()).toBe(0)
      // leased for its back-off: a second drain does not hammer the mail server
      expect(await sender.drain()).toBe(0)
    } finally {
      await sender.stop()
    }
    const rows = await t.db.select().from(outbox)
    expect(rows.map((r) => r.attempts)).toEqual([1])
    expect(rows[0]?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
    expect(logged.join('\n')).toMatch(/will retry/)
    expect(logged.join('\n')).not.toContain('SECRET-TOKEN')
  })

  it(`drops a mail after ${MAIL_MAX_ATTEMPTS} failed attempts`, async () => {
    await enqueueMail(t.db, MAIL)
    await t.db.execute(sql`UPDATE outbox SET attempts = ${MAIL_MAX_ATTEMPTS - 1}`)
    const sender = createMailSender({
      db: t.db,
      send: async () => {
        throw new Error('mailbox unavailable')
      },
      log,
    })
    try {
      await sender.drain()
    } finally {
      await sender.stop()
    }
    expect(await readOutbox(t.db)).toEqual([])
    expect(logged.join('\n')).toMatch(/dropped after too many failed attempts/)
  })

  it('never sends one mail twice when two senders drain at once (two API processes)', async () => {
    const sent: string[] = []
    const send: SendMail = async (m) => void sent.push(m.to)
    for (let i = 0; i < 30; i++) await enqueueMail(t.db, { ...MAIL, to: `r${i}@example.com` })
    const a = createMailSender({ db: t.db, send, log })
    const b = createMailSender({ db: t.db, send, log })
    try {
      const [fromA, fromB] = await Promise.all([a.drain(), b.drain()])
      await Promise.all([a.drain(), b.drain()])
      expect((fromA ?? 0) + (fromB ?? 0)).toBeLessThanOrEqual(30)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
    expect(sent).toHaveLength(30)
    expect(new Set(sent).size).toBe(30)
  })

  it(`claims at most ${MAIL_BATCH} mails in one pass, however many are due`, async () => {
    const sent: string[] = []
    for (let i = 0; i < 3 * MAIL_BATCH; i++) await enqueueMail(t.db, { ...MAIL, to: `b${i}@example.com` })
    const sender = createMailSender({ db: t.db, send: async (m) => void sent.push(m.to), log })
    try {
      expect(await sender.drain()).toBe(MAIL_BATCH)
    } finally {
      await sender.stop()
    }
    expect(sent).toHaveLength(MAIL_BATCH)
    const leased = await t.db.select().from(outbox)
    expect(leased.filter((row) => row.attempts > 0)).toHaveLength(0)
    expect(leased).toHaveLength(2 * MAIL_BATCH)
  })

  // The fault drill (issue 43): mail waited up to 115 s after SMTP came back, each one waiting out
  // its back-off (docs/decisions/041-fault-drill.md).
  it('sends what waits out a back-off as soon as the SMTP server answers again, not when the back-off ends', async () => {
    const smtp = { up: false }
    const sent: string[] = []
    const send: SendMail = async (m) => {
      if (!smtp.up) throw new Error('connect ECONNREFUSED')
      sent.push(m.to)
    }
    const verify = async () => {
      if (!smtp.up) throw new Error('connect ECONNREFUSED')
    }
    const seen = { failed: 0, succeeded: 0 }
    const observer: MailObserver = {
      failed: () => void seen.failed++,
      succeeded: () => void seen.succeeded++,
    }
    for (let i = 0; i < 3; i++) await enqueueMail(t.db, { ...MAIL, to: `w${i}@example.com` })
    const sender = createMailSender({ db: t.db, send, verify, log, observer })
    try {
      expect(await sender.drain()).toBe(0)
      // still down: nothing is due, and the server is asked, not the mails retried
      expect(await sender.drain()).toBe(0)
      expect(seen).toEqual({ failed: 3, succeeded: 0 })
      const waiting = await t.db.select().from(outbox)
      expect(waiting.every((row) => row.nextAttemptAt.getTime() > Date.now() + 30_000)).toBe(true)

      smtp.up = true
      expect(await sender.drain()).toBe(3)
    } finally {
      await sender.stop()
    }
    expect(sent.sort()).toEqual(['w0@example.com', 'w1@example.com', 'w2@example.com'])
    expect(await t.db.select().from(outbox)).toEqual([])
    expect(seen.succeeded).toBeGreaterThan(0)
  })

  it('sends what waits out a back-off once a new mail goes through, without a way to ask the server', async () => {
    let up = false
    const sent: string[] = []
    const send: SendMail = async (m) => {
      if (!up) throw new Error('connect ECONNREFUSED')
      sent.push(m.to)
    }
    await enqueueMail(t.db, { ...MAIL, to: 'early@example.com' })
    const sender = createMailSender({ db: t.db, send, log })
    try {
      expect(await sender.drain()).toBe(0)
      up = true
      await enqueueMail(t.db, { ...MAIL, to: 'late@example.com' })
      expect(await sender.drain()).toBe(2)
    } finally {
      await sender.stop()
    }
    expect(sent).toEqual(['late@example.com', 'early@example.com'])
  })
})
