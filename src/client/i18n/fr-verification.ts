// Annonceurs vérifiés, en français (see en-verification.ts).
import type { VerificationMessages } from './messages-type.ts'

export const frVerification: VerificationMessages = {
  verify: {
    title: 'Faire vérifier mon compte',
    intro:
      'Les annonces vérifiées portent le badge Vérifié et apparaissent dans « Annonces vérifiées seulement ». Un administrateur compare une photo de vous tenant le code ci-dessous avec les photos de vos annonces. Seuls les administrateurs voient cette photo, supprimée dès leur décision.',
    codeLabel: 'Votre code',
    codeHint:
      'Écrivez ce code sur une feuille et prenez une photo de vous qui la tenez, le visage bien visible.',
    photo: 'Photo de vous tenant le code',
    photo2: 'Deuxième photo (facultative)',
    send: 'Envoyer pour vérification',
    sending: 'Envoi…',
    sent: 'Votre demande a été envoyée',
    sendFailed: 'Votre demande n’a pas été envoyée',
    photoRequired: 'Choisissez une photo de vous tenant le code.',
    status: {
      none: 'Compte pas encore vérifié.',
      pending:
        'Votre demande attend un administrateur. Vos annonces recevront le badge dès qu’elle sera approuvée.',
      approved: 'Votre compte est vérifié : toutes vos annonces affichent le badge Vérifié.',
      refused:
        'Votre dernière demande a été refusée. Vous pouvez en envoyer une nouvelle avec le nouveau code.',
    },
    reason: 'Motif : {reason}',
    loadFailed: 'L’état de votre vérification n’a pas pu être chargé',
  },
  admin: {
    verificationsTitle: 'Demandes de vérification',
    verificationsEmpty: 'Aucune demande en attente.',
    requestOf: 'Demande de {email} ({language}), code {code}',
    requestPhotos: 'Photos envoyées',
    adPhotos: 'Photos de ses annonces',
    noAdPhotos: 'Aucune photo d’annonce pour l’instant.',
    approve: 'Approuver',
    refuse: 'Refuser',
    reasonLabel: 'Motif (dans la langue de l’annonceur)',
    reasonRequired: 'Écrivez un motif : l’annonceur le lira.',
    decided: 'Décision enregistrée',
    decideFailed: 'La décision n’a pas été enregistrée',
    reload: 'Recharger les demandes',
    photosTitle: 'Photos à vérifier',
    photosEmpty: 'Aucune photo en attente.',
    photoOf: 'Sur « {title} »',
    reported: 'Signalée ({count})',
    shownAlready: 'Propriétaire vérifié : déjà affichée',
    reloadPhotos: 'Recharger les photos',
    verifiedTitle: 'Comptes vérifiés',
    verifiedIntro: 'Révoquer retire aussitôt le badge Vérifié de toutes les annonces du compte.',
    verifiedEmail: 'Le courriel contient',
    verifiedSearch: 'Chercher les comptes vérifiés',
    verifiedFailed: 'Impossible de charger les comptes vérifiés. Réessayez.',
    verifiedNone: 'Aucun compte vérifié ne correspond.',
    verifiedFound: 'Comptes vérifiés affichés : {count}',
    verifiedAccount: '{email} ({language})',
    verifiedSince: 'Vérifié le {date}',
    revokeReasonLabel: 'Motif de la révocation (dans la langue de l’annonceur)',
    revoke: 'Révoquer',
    revoked: 'Vérification révoquée : le badge a quitté ses annonces',
    revokeFailed: 'La vérification n’a pas été révoquée',
  },
}
