// The reminders before and at an ad's end, in each language; they go out in the owner's language
// (users.language, docs/decisions/016-languages.md) and carry the link that opens checkout for the
// ad's renewal (docs/decisions/051-reminders-and-renewal.md).
import { RENEWAL_CLOSES_AFTER_END_MS, type ReminderMoment } from '#domain/ad-renewal.ts'
import { type Language, LOCALES } from '#domain/languages.ts'

const RENEWABLE_DAYS = Math.round(RENEWAL_CLOSES_AFTER_END_MS / 86_400_000)

interface Mail {
  subject: string
  text: string
}

// the server does not know the owner's time zone: the moment is written in UTC and says so
function when(language: Language, at: Date): string {
  const text = new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at)
  return `${text} UTC`
}

export function reminderMail(
  language: Language,
  moment: ReminderMoment,
  ad: { title: string; expiresAt: Date; link: string },
): Mail {
  // the first one says "soon", not "in 3 days": an ad listed for less gets it at once
  const end = when(language, ad.expiresAt)
  if (language === 'fr') {
    const renew = `Pour la renouveler, ouvrez ce lien (vous gardez la même annonce, son adresse, ses statistiques et ses favoris) :\n\n${ad.link}`
    switch (moment) {
      case '3d':
        return {
          subject: `Votre annonce « ${ad.title} » prend fin bientôt`,
          text: `Votre annonce « ${ad.title} » restera en ligne jusqu’au ${end}.\n\n${renew}`,
        }
      case '1d':
        return {
          subject: `Votre annonce « ${ad.title} » prend fin demain`,
          text: `Votre annonce « ${ad.title} » restera en ligne jusqu’au ${end}.\n\n${renew}`,
        }
      case 'ended':
        return {
          subject: `Votre annonce « ${ad.title} » a pris fin`,
          text: `Votre annonce « ${ad.title} » n’est plus en ligne depuis le ${end}.\n\n${renew}\n\nVous pouvez la renouveler pendant ${RENEWABLE_DAYS} jours.`,
        }
    }
  }
  const renew = `To renew it, open this link (you keep the same ad, its address, its stats and its favourites):\n\n${ad.link}`
  switch (moment) {
    case '3d':
      return {
        subject: `Your ad "${ad.title}" ends soon`,
        text: `Your ad "${ad.title}" stays listed until ${end}.\n\n${renew}`,
      }
    case '1d':
      return {
        subject: `Your ad "${ad.title}" ends tomorrow`,
        text: `Your ad "${ad.title}" stays listed until ${end}.\n\n${renew}`,
      }
    case 'ended':
      return {
        subject: `Your ad "${ad.title}" has ended`,
        text: `Your ad "${ad.title}" is no longer listed since ${end}.\n\n${renew}\n\nYou can renew it for ${RENEWABLE_DAYS} days.`,
      }
  }
}
