// The one mail a schedule sends (docs/decisions/050-scheduled-bumps.md): a moment found the wallet
// short, in the language the owner signed up in (docs/decisions/016-languages.md).
import type { Language } from '#domain/languages.ts'
import { formatFee } from '#domain/money.ts'

export function shortBalanceMail(
  language: Language,
  facts: { title: string; fee: number; walletUrl: string },
): { subject: string; text: string } {
  const fee = formatFee(facts.fee, language === 'fr' ? 'fr-CA' : 'en-CA')
  return language === 'fr'
    ? {
        subject: 'Une remontée programmée n’a pas eu lieu : solde insuffisant',
        text: `Votre portefeuille ne couvrait pas la remontée programmée (${fee}) de votre annonce « ${facts.title} » : elle n’a pas eu lieu et rien n’a été facturé. Les suivantes auront lieu si le solde les couvre à leur heure. Ce message n’est envoyé qu’une fois par programme.\n\nRechargez votre portefeuille : ${facts.walletUrl}`,
      }
    : {
        subject: 'A scheduled bump was skipped: balance too low',
        text: `Your wallet did not cover the scheduled bump (${fee}) of your ad "${facts.title}": it was skipped and nothing was charged. The next ones run if the balance covers them at their time. This message is sent once per schedule.\n\nTop up your wallet: ${facts.walletUrl}`,
      }
}
