import type { HoldCategory } from '#domain/api/reports.ts'
import type { Db } from '#server/db/client.ts'
import { enqueueMail } from '#server/services/mail/outbox.ts'

// Telling the admins at once of what only they can do (docs/decisions/042-holds-that-hold.md): a
// report that would have held an ad, had one of its senders been in good standing, waits for an
// admin's confirmation at the top of the queue, and this mail says so through the outbox, in the same
// transaction as the report, so it leaves once the report is there and never for a report rolled back.

export interface AdminAlerts {
  /** ADMIN_EMAIL's addresses; none: only the console's header counts it */
  to: readonly string[]
  /** where the review queue is, e.g. https://maple.example/admin */
  consoleUrl: string
}

const CATEGORY_WORDS: Partial<Record<HoldCategory, { fr: string; en: string }>> = {
  underage: { fr: 'une personne pourrait avoir moins de 18 ans', en: 'someone may be under 18' },
  trafficking: { fr: 'coercition ou traite', en: 'coercion or trafficking' },
}

/** One mail per admin address: the ad awaits a confirmation only an admin (or a trusted reporter) gives. */
export async function alertAwaitingConfirmation(
  tx: Db,
  alerts: AdminAlerts,
  ad: { id: string; reason: HoldCategory },
): Promise<void> {
  const words = CATEGORY_WORDS[ad.reason] ?? { fr: ad.reason, en: ad.reason }
  // French first, as on every screen of the console; no ad text, which may itself be what was reported
  const subject = `Signalement à confirmer / Report awaiting confirmation: ${ad.id}`
  const text = [
    `L’annonce ${ad.id} a reçu des signalements indépendants (${words.fr}) qui la retiendraient si l’un de leurs auteurs était en règle. Elle reste en ligne, en tête de la file d’examen, jusqu’à votre décision : ${alerts.consoleUrl}`,
    '',
    `Ad ${ad.id} has independent reports (${words.en}) that would hold it if one of their senders were in good standing. It stays listed, at the top of the review queue, until you decide: ${alerts.consoleUrl}`,
  ].join('\n')
  for (const to of alerts.to) await enqueueMail(tx, { to, subject, text, link: alerts.consoleUrl })
}
