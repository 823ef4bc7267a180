// Reporting an ad and the admin's review queue and audit log, in French (see fr.ts).
import type { Messages } from './messages-type.ts'

export const frReview: Messages['review'] = {
  queueTitle: 'File de révision',
  queueIntro:
    'Annonces signalées et retenues, les plus urgentes d’abord. Les annonces ne sont jamais réécrites : rejeter, retirer ou rétablir.',
  queueEmpty: 'Rien à réviser.',
  urgent: 'Urgent',
  reporters: { one: '1 signalement', other: '{count} signalements' },
  status: 'Statut : {status}',
  heldBecause: 'Retenue : {reason}',
  reasonLabel: 'Motif (le propriétaire le lit quand l’annonce est retirée)',
  dismiss: 'Rejeter les signalements',
  remove: 'Retirer',
  restore: 'Rétablir',
  done: 'Fait',
  actionFailed: 'Échec de l’action',
  auditTitle: 'Journal d’audit',
  auditEmpty: 'Aucune action d’administration pour l’instant.',
  reasons: {
    spam: 'Pourriel ou arnaque',
    wrong_category: 'Mauvaise catégorie',
    offensive: 'Contenu offensant ou interdit',
    underage: 'Une personne pourrait avoir moins de 18 ans',
    trafficking: 'Contrainte ou traite',
    other: 'Autre',
  },
  reportTitle: 'Signaler cette annonce',
  reportReason: 'Motif',
  reportDetails: 'Précisions (facultatif)',
  reportSend: 'Envoyer le signalement',
  reportSending: 'Envoi…',
  reportThanks: 'Merci : l’annonce a été signalée.',
  reportAlready: 'Vous avez déjà signalé cette annonce.',
  reportFailed: 'Échec du signalement',
}
