import { inArray, sql } from 'drizzle-orm'
import {
  type ContactKind,
  SHARED_CONTACT_ADS_SHOWN,
  SHARED_CONTACTS_PAGE,
  type SharedContact,
  type SharedContactAccount,
} from '#domain/api/shared-contacts.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { sharedContactDismissals } from '#server/db/schema/shared-contacts.ts'
import { users } from '#server/db/schema/users.ts'
import { recordAudit } from '#server/services/reports/admin-audit.ts'

// One person, one account (docs/decisions/055-shared-contacts.md): the contacts found in the ads of
// more than one account. Compared as a person would: a phone number by its digits without the
// country's leading 1, an e-mail lower-cased, a handle lower-cased without its `@`. A match is not a
// block (shared business numbers exist): an admin reads the accounts side by side and decides.

/** The contact as compared, in SQL, for each kind: the queue and a dismissal agree on it. */
const normalised = {
  phone: sql`regexp_replace(regexp_replace(${ads.contactPhone}, '[^0-9]', '', 'g'), '^1([0-9]{10})$', '\\1')`,
  email: sql`lower(trim(${ads.contactEmail}))`,
  handle: sql`lower(regexp_replace(trim(${ads.contactHandle}), '^@+', ''))`,
} as const

/** The same in JavaScript, for what an admin sends back with a dismissal. */
export function normaliseContact(kind: ContactKind, contact: string): string {
  const text = contact.trim()
  if (kind === 'phone') return text.replace(/[^0-9]/g, '').replace(/^1([0-9]{10})$/, '$1')
  if (kind === 'email') return text.toLowerCase()
  return text.replace(/^@+/, '').toLowerCase()
}

interface Match {
  kind: ContactKind
  contact: string
  accounts: string[]
}

/** Every contact shared by two accounts or more, the most accounts first; deleted accounts' ads count for nothing. */
async function sharedMatches(db: Db): Promise<Match[]> {
  const per = (kind: ContactKind) => sql`
    SELECT ${kind}::text AS kind, ${normalised[kind]} AS contact, ${ads.ownerId} AS owner
    FROM ${ads} JOIN ${users} ON ${users.id} = ${ads.ownerId} AND ${users.deletedAt} IS NULL
    WHERE ${ads.ownerId} IS NOT NULL`
  const result = await db.execute(sql`
    WITH contacts AS (${per('phone')} UNION ALL ${per('email')} UNION ALL ${per('handle')})
    SELECT kind, contact, array_agg(DISTINCT owner::text ORDER BY owner::text) AS accounts
    FROM contacts
    WHERE contact <> '' AND (kind <> 'phone' OR length(contact) >= 7)
    GROUP BY kind, contact
    HAVING count(DISTINCT owner) > 1
    ORDER BY count(DISTINCT owner) DESC, kind, contact`)
  // both drivers answer raw SQL with { rows }; the shared Db type leaves it unknown
  const rows = (result as unknown as { rows: { kind: ContactKind; contact: string; accounts: string[] }[] })
    .rows
  return rows
}

const dismissalKey = (m: Pick<Match, 'kind' | 'contact'>, accounts: readonly string[]) =>
  `${m.kind} ${m.contact} ${[...accounts].sort().join(',')}`

/** The queue: shared contacts not dismissed for the very accounts that share them now. */
export async function sharedContacts(db: Db): Promise<SharedContact[]> {
  const matches = await sharedMatches(db)
  if (matches.length === 0) return []
  const dismissed = new Set(
    (await db.select().from(sharedContactDismissals)).map((d) => dismissalKey(d, d.accounts.split(','))),
  )
  const open = matches
    .filter((m) => !dismissed.has(dismissalKey(m, m.accounts)))
    .slice(0, SHARED_CONTACTS_PAGE)
  const ids = [...new Set(open.flatMap((m) => m.accounts))]
  if (ids.length === 0) return []
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      verifiedAt: users.verifiedAt,
      suspendedAt: users.suspendedAt,
      suspensionReason: users.suspensionReason,
    })
    .from(users)
    .where(inArray(users.id, ids))
  const theirAds = await db
    .select({
      id: ads.id,
      ownerId: ads.ownerId,
      title: ads.title,
      status: ads.status,
      phone: normalised.phone.mapWith(String),
      email: normalised.email.mapWith(String),
      handle: normalised.handle.mapWith(String),
      createdAt: ads.createdAt,
    })
    .from(ads)
    .where(inArray(ads.ownerId, ids))
    .orderBy(sql`${ads.createdAt} desc`)
  const byId = new Map(people.map((p) => [p.id, p]))
  return open.map((match) => ({
    kind: match.kind,
    contact: match.contact,
    accounts: match.accounts.flatMap((id): SharedContactAccount[] => {
      const person = byId.get(id)
      if (!person) return []
      const carrying = theirAds.filter((ad) => ad.ownerId === id && ad[match.kind] === match.contact)
      return [
        {
          id,
          email: person.email,
          createdAt: person.createdAt.toISOString(),
          verified: person.verifiedAt !== null,
          suspendedAt: person.suspendedAt?.toISOString() ?? null,
          suspensionReason: person.suspensionReason,
          adsWithContact: carrying.length,
          ads: carrying
            .slice(0, SHARED_CONTACT_ADS_SHOWN)
            .map((ad) => ({ id: ad.id, title: ad.title, status: ad.status })),
        },
      ]
    }),
  }))
}

/**
 * Dismisses a shared contact for the accounts sharing it now (none new can hide behind it); a second
 * dismissal of the same set is one row. Answers false when nothing shares that contact now.
 */
export async function dismissSharedContact(
  db: Db,
  input: { kind: ContactKind; contact: string; reason?: string | undefined },
  admin: string,
): Promise<boolean> {
  const contact = normaliseContact(input.kind, input.contact)
  const match = (await sharedMatches(db)).find((m) => m.kind === input.kind && m.contact === contact)
  if (!match) return false
  await db.transaction(async (tx) => {
    await tx
      .insert(sharedContactDismissals)
      .values({
        kind: match.kind,
        contact: match.contact,
        accounts: [...match.accounts].sort().join(','),
        admin,
        reason: input.reason ?? '',
      })
      .onConflictDoNothing()
    await recordAudit(tx, {
      admin,
      action: 'shared_contact_dismissed',
      target: `${match.kind}:${match.contact}`,
      reason: input.reason ?? '',
    })
  })
  return true
}
