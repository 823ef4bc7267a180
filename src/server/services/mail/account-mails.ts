// The account mails (verification, sign-up attempt, password reset) in each language; a user's mails
// go out in the language they signed up in (users.language, docs/decisions/016-languages.md).
import type { Language } from '#domain/languages.ts'

interface Mail {
  subject: string
  text: string
}

export function verificationMail(language: Language, url: string): Mail {
  return language === 'fr'
    ? {
        subject: 'Confirmez votre adresse courriel',
        text: `Bienvenue! Confirmez votre adresse courriel pour terminer votre inscription :\n\n${url}\n\nCe lien expire dans 24 heures. Si vous ne vous êtes pas inscrit, ignorez ce message.`,
      }
    : {
        subject: 'Verify your email address',
        text: `Welcome! Confirm your email address to finish signing up:\n\n${url}\n\nThis link expires in 24 hours. If you did not sign up, ignore this message.`,
      }
}

/** To the owner of an address someone tried to sign up with; `url` re-sends verification when unverified. */
export function signUpAttemptMail(
  language: Language,
  links: { signIn: string; forgot: string; verify?: string },
): Mail {
  if (language === 'fr') {
    const text = `Quelqu’un a tenté de s’inscrire avec votre adresse, qui a déjà un compte.\n\nSi c’était vous, connectez-vous à ${links.signIn} ou choisissez un nouveau mot de passe à ${links.forgot}. Sinon, rien n’a changé et vous pouvez ignorer ce message.`
    return {
      subject: 'Quelqu’un a tenté de s’inscrire avec votre adresse',
      text: links.verify
        ? `${text}\n\nVotre adresse n’est pas encore vérifiée. Pour terminer votre inscription, confirmez-la ici :\n\n${links.verify}\n\nCe lien expire dans 24 heures.`
        : text,
    }
  }
  const text = `Someone tried to sign up with your address, which already has an account.\n\nIf it was you, sign in at ${links.signIn} or choose a new password at ${links.forgot}. If it was not you, nothing changed and you can ignore this message.`
  return {
    subject: 'Someone tried to sign up with your address',
    text: links.verify
      ? `${text}\n\nYour address is not verified yet. To finish signing up, confirm it here:\n\n${links.verify}\n\nThis link expires in 24 hours.`
      : text,
  }
}

export function resetPasswordMail(language: Language, url: string): Mail {
  return language === 'fr'
    ? {
        subject: 'Réinitialisez votre mot de passe',
        text: `Quelqu’un a demandé la réinitialisation du mot de passe de votre compte. Choisissez-en un nouveau ici :\n\n${url}\n\nCe lien expire dans 1 heure et ne fonctionne qu’une fois. Si ce n’était pas vous, ignorez ce message.`,
      }
    : {
        subject: 'Reset your password',
        text: `Someone asked to reset the password of your account. Choose a new one here:\n\n${url}\n\nThis link expires in 1 hour and works once. If it was not you, ignore this message.`,
      }
}
