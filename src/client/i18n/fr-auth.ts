// What every screen may need of the account's texts, in French (see en-auth.ts).
import type { Messages } from './messages-type.ts'

export const frAuth: Messages['auth'] = {
  emailLabel: 'Courriel',
  passwordLabel: 'Mot de passe',
  emailRequired: 'Le courriel est obligatoire',
  passwordRequired: 'Le mot de passe est obligatoire',
  required: 'Obligatoire',
  tryAgain: 'Réessayer',
  signInRequiredTitle: 'Connexion requise',
  signInRequiredDescription: 'Veuillez vous connecter pour continuer.',
  sessionExpiredTitle: 'Session expirée',
  sessionExpiredDescription: 'Veuillez vous reconnecter.',
}
