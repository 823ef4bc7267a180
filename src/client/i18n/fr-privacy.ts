// « Vos données » (/account/data), en français (see fr.ts).
import type { PrivacyMessages } from './messages-type.ts'

export const frPrivacy: PrivacyMessages = {
  title: 'Vos données',
  intro:
    'Ce que nous conservons à votre sujet, pourquoi et pendant combien de temps figure dans la politique de confidentialité. Ici, vous pouvez en obtenir une copie ou supprimer votre compte.',
  privacyLink: 'Lire la politique de confidentialité',
  downloadTitle: 'Télécharger mes données',
  downloadIntro:
    'Un seul fichier zip avec votre compte, chacune de vos annonces avec ses photos et vidéos, le registre de votre portefeuille, vos paiements et les signalements que vous avez faits.',
  download: 'Télécharger mes données',
  downloading: 'Préparation de votre archive…',
  downloaded: 'Vos données ont été téléchargées',
  downloadFailed: 'Vos données n’ont pas pu être téléchargées',
  deleteTitle: 'Supprimer mon compte',
  deleteIntro:
    'Vos annonces sont retirées et vos photos et vidéos supprimées sur-le-champ; vous êtes déconnecté partout et pouvez vous réinscrire avec le même courriel. Tout solde du portefeuille est perdu. Les registres de paiement sont conservés, sans votre courriel, pendant les 7 ans qu’exige la loi fiscale.',
  delete: 'Supprimer mon compte',
  confirmTitle: 'Supprimer votre compte?',
  confirmDescription:
    'Cette action est irréversible. Vos annonces, photos et vidéos disparaissent sur-le-champ, et tout solde du portefeuille est perdu. Entrez votre mot de passe pour confirmer.',
  password: 'Mot de passe',
  passwordRequired: 'Entrez votre mot de passe pour confirmer.',
  confirm: 'Supprimer mon compte',
  deleting: 'Suppression…',
  cancel: 'Annuler',
  deleted: 'Votre compte a été supprimé',
  deleteFailed: 'Votre compte n’a pas été supprimé',
}
