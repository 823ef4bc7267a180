// The Canadian French words of every API error code (error-words-en.ts has the English, the contract).
// Loaded only where French is wanted: by the server, and by the app once French is chosen.

import { BUMP_SPACING_MINUTES } from '../bump-spacing.ts'
import {
  MAX_PHOTO_ASPECT,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PHOTO_SIDE,
  MAX_VIDEO_BYTES,
  MIN_TOPUP_CENTS,
} from '../constants.ts'
import { formatFee } from '../money.ts'
import type { ErrorWords } from './error-codes.ts'
import { MAX_TOPUP_CAD } from './wallet.ts'

const MB = 1024 * 1024

export const errorWordsFr: ErrorWords = {
  codes: {
    'request.not_found': 'Introuvable',
    'request.internal': 'Erreur interne du serveur',
    'request.unavailable': 'Service momentanément indisponible, veuillez réessayer dans quelques secondes.',
    'request.rate_limited': 'Trop de requêtes, veuillez réessayer plus tard.',
    'request.too_large': 'Le corps de la requête est trop volumineux',
    'request.body_too_slow':
      'Le téléversement est resté bloqué {seconds} secondes : vérifiez la connexion et réessayez.',
    'request.bad_json': 'Le corps de la requête n’est pas du JSON valide',
    'request.refused': 'Requête refusée ({reason})',
    'request.unsupported_type': 'Type de contenu non pris en charge ({reason})',
    'request.malformed_url': 'Adresse URL mal formée',
    'request.segment_too_long': 'Un segment du chemin de l’adresse URL est trop long',
    'request.range_not_satisfiable': 'La plage demandée ne peut pas être servie',
    'request.invalid': 'Requête invalide',
    'request.invalid_value': 'Valeur invalide ({reason})',
    'request.one_of': '{name} doit être l’une des valeurs suivantes : {values}',
    'request.page_not_number': 'page doit être un nombre',
    'request.page_not_whole': 'page doit être un nombre entier',
    'request.page_too_small': 'page doit valoir au moins 1',
    'request.page_too_large': 'page doit valoir au plus {max}',
    'request.province': 'province doit valoir ALL ou l’un de : {codes}',
    'page.cross_site_form': 'Ce formulaire doit être envoyé depuis une page de ce site.',
    'text.too_long': 'Le champ « {field} » doit compter au plus {max} caractères',
    'text.nul': 'Le texte ne doit pas contenir de caractères NUL',
    'text.field_nul': 'Le champ « {field} » ne doit pas contenir de caractères NUL',
    'auth.required': 'Authentification requise',
    'auth.session_invalid': 'Session invalide ou expirée. Veuillez vous reconnecter.',
    'auth.sign_in_first': 'Connectez-vous d’abord',
    'auth.admin_required': 'Authentification d’administrateur requise',
    'auth.admin_invalid_credentials': 'Nom d’utilisateur ou mot de passe incorrect',
    'auth.invalid_credentials': 'Courriel ou mot de passe incorrect',
    'auth.email_not_verified':
      'Courriel non vérifié. Le lien de vérification se trouve dans votre boîte de réception.',
    'auth.account_suspended':
      'Ce compte est suspendu. Écrivez à l’adresse de contact du site si vous pensez qu’il s’agit d’une erreur.',
    'auth.verify_link_invalid': 'Ce lien de vérification est invalide ou a expiré',
    'auth.reset_link_invalid': 'Ce lien de réinitialisation du mot de passe est invalide ou a expiré',
    'auth.verify_token_missing': 'Aucun jeton de vérification fourni',
    'auth.password_common':
      'Ce mot de passe fait partie des 10 000 plus courants et faciles à deviner. Veuillez en choisir un autre.',
    'auth.password_too_short': 'Le mot de passe doit compter au moins {min} caractères',
    'auth.password_too_long': 'Le mot de passe doit compter au plus {max} caractères',
    'auth.wrong_current_password': 'Le mot de passe actuel est incorrect',
    'auth.same_password': 'Le nouveau mot de passe doit être différent de l’actuel',
    'auth.email_invalid': 'Entrez une adresse courriel valide',
    'auth.email_too_long': 'Le courriel est trop long',
    'auth.token_required': 'Le jeton est obligatoire',
    'auth.password_required': 'Le mot de passe est obligatoire',
    'auth.username_required': 'Le nom d’utilisateur est obligatoire',
    'auth.current_password_required': 'Le mot de passe actuel est obligatoire',
    'ad.not_found': 'Annonce introuvable',
    'favourite.bad_ad_id': 'Ce n’est pas un identifiant d’annonce',
    'search.limit':
      'Vous pouvez garder au plus {max} recherches : supprimez-en une pour enregistrer celle-ci',
    'search.not_found': 'Recherche enregistrée introuvable',
    'ad.bad_id': 'Ce n’est pas un identifiant d’annonce',
    'push.off': 'Les notifications ne sont pas activées sur ce serveur',
    'push.bad_endpoint': 'Cette adresse de notification n’est pas acceptée',
    'ad.banned_words': 'Mots interdits détectés : {words}',
    'ad.verify_email_first': 'Vérifiez votre adresse courriel avant de publier une annonce',
    'ad.companion_needs_verification':
      'Les annonces Accompagnement pour adultes ne sont publiées que par des annonceurs vérifiés : faites-vous vérifier d’abord. Votre brouillon est conservé et rien n’a été facturé',
    'ad.companion_confirmation_required':
      'Confirmez que vous avez 18 ans ou plus et que cette annonce n’offre que votre propre temps et votre compagnie',
    'ad.removed_unchangeable': 'Cette annonce a été retirée et ne peut plus être modifiée',
    'ad.held_uneditable':
      'Cette annonce est retenue pour examen et ne peut pas être modifiée : demandez un examen, et un modérateur la verra telle qu’elle a été signalée',
    'ad.bumped_recently': `Cette annonce a été remontée il y a moins de ${BUMP_SPACING_MINUTES} minutes et est encore en tête : rien n’a été facturé. Réessayez plus tard`,
    'ad.available_not_live': 'Seule une annonce en ligne peut être Disponible maintenant',
    'ad.available_limit':
      'Cette annonce a été mise en Disponible maintenant {max} fois dans les dernières 24 heures : réessayez plus tard',
    'ad.tour_too_many': 'Au plus {max} visites',
    'ad.tour_date': 'Chaque visite doit avoir de vraies dates (AAAA-MM-JJ)',
    'ad.tour_order': 'Une visite doit finir le jour où elle commence ou après',
    'ad.tour_past': 'Une visite ne peut pas être déjà terminée',
    'ad.tour_too_far': 'Une visite doit commencer dans les {days} prochains jours',
    'ad.tour_too_long': 'Une visite dure au plus {days} jours',
    'ad.tour_city_unknown':
      '« {city} » n’est pas un lieu connu dans cette province : choisissez-en un dans la liste',
    'ad.title_required': 'Le titre est obligatoire',
    'ad.media_ids': 'Les médias doivent être des identifiants reçus au téléversement',
    'ad.too_many_photos': 'Au plus {max} photos',
    'ad.too_many_videos': 'Au plus {max} vidéos',
    'ad.too_many_videos_edit': 'Au plus {max} vidéos lors d’une modification',
    'ad.unknown_province': 'Province inconnue : utilisez l’un de {codes} ou {all}',
    'ad.fee_needs_ad':
      'Des frais de publication ou de remontée doivent nommer l’annonce qu’ils paient (listingId)',
    'ad.already_paid': 'Cette annonce est déjà en ligne : ses frais de publication ont été payés',
    'ad.not_bumpable': 'Cette annonce ne peut pas être remontée pour le moment',
    'ad.bump_needs_payment':
      'Cette annonce n’est pas encore en ligne : payez ses frais de publication avant de la remonter',
    'ad.bump_needs_renewal':
      'Cette annonce a expiré : renouvelez-la (frais de publication) avant de la remonter',
    'ad.held_unpayable':
      'Cette annonce est en cours de révision et ne peut pas être payée avant la fin de la révision',
    'ad.removed_unpayable': 'Cette annonce a été retirée et ne peut pas être payée',
    'ad.renewal_closed':
      'Cette annonce a pris fin il y a trop longtemps pour être renouvelée : publiez-la de nouveau',
    'bump_schedule.one_form':
      'Envoyez soit timeZone, times et days, soit moments : des heures pour un nombre de jours, ou une liste de moments',
    'bump_schedule.time_format': 'Écrivez chaque heure sous la forme HH:MM, de 00:00 à 23:59',
    'bump_schedule.moment_format':
      'Écrivez chaque moment comme une date et une heure avec leur décalage (2026-12-01T20:00:00-05:00)',
    'bump_schedule.too_many': 'Au plus {max}',
    'bump_schedule.repeated': 'Chaque heure une seule fois',
    'bump_schedule.time_zone': 'Fuseau horaire inconnu : utilisez un nom comme America/Toronto',
    'bump_schedule.too_close':
      'Deux remontées programmées doivent être espacées d’au moins {minutes} minutes, comme toujours deux remontées d’une annonce',
    'bump_schedule.moment_past': 'Chaque moment doit être dans le futur',
    'bump_schedule.moment_too_far': 'Chaque moment doit tomber dans les {days} prochains jours',
    'bump_schedule.nothing_left':
      'Ces heures sont toutes passées aujourd’hui : ajoutez un jour ou une heure plus tardive',
    'media.unsupported':
      'Fichier non pris en charge : les photos doivent être en JPEG, PNG, WebP, HEIC ou AVIF, les vidéos en MP4 ou WebM',
    'media.no_file': 'Envoyez un seul fichier dans un champ multipart/form-data',
    'media.not_multipart': 'Envoyez le fichier en multipart/form-data',
    'media.malformed_multipart': 'Le corps multipart/form-data est mal formé',
    'media.photo_too_large': `Les photos peuvent peser au plus ${MAX_PHOTO_BYTES / MB} Mo`,
    'media.video_too_large': `Les vidéos peuvent peser au plus ${MAX_VIDEO_BYTES / MB} Mo`,
    'media.video_unreadable':
      'Cette vidéo est illisible : envoyez-la telle que votre téléphone ou votre logiciel l’a enregistrée, en MP4 ou en WebM',
    'media.quota_exceeded':
      'Vos photos et vidéos peuvent occuper au plus {max} Mo en tout : retirez-en d’abord de vos brouillons ou annonces (les fichiers qu’aucune annonce n’utilise partent après un jour)',
    'media.photo_pixels': `Les photos peuvent compter au plus ${MAX_PHOTO_PIXELS / 1_000_000} mégapixels`,
    'media.photo_shape': `Les photos peuvent mesurer au plus ${MAX_PHOTO_SIDE.toLocaleString('fr-CA')} pixels de côté et être au plus ${MAX_PHOTO_ASPECT} fois plus longues que larges`,
    'media.photo_too_slow':
      'La lecture de cette photo a pris trop de temps : exportez-la de nouveau en JPEG et réessayez',
    'media.photo_unreadable':
      'Cette photo n’a pas pu être lue (une photo HEIC doit parfois d’abord être exportée en JPEG)',
    'media.not_yours': 'Média introuvable parmi vos téléversements : {id}',
    'media.taken':
      'Ce média appartient déjà à une autre annonce : téléversez-le de nouveau pour celle-ci : {id}',
    'media.taken_meanwhile':
      'Ce média appartient déjà à une autre annonce : téléversez-le de nouveau pour celle-ci',
    'media.repeated': 'Le même identifiant de média figure deux fois',
    'media.photo_in_videos': '{id} est une photo : elle ne peut pas figurer parmi les vidéos',
    'media.video_in_images': '{id} est une vidéo : elle ne peut pas figurer parmi les photos',
    'photo.not_found': 'Photo introuvable',
    'photo.not_pending': 'Cette photo n’attend pas de révision',
    'phrase.blank': 'L’expression ne peut pas être vide',
    'phrase.no_words': 'L’expression doit contenir des lettres ou des chiffres',
    'phrase.duplicate': 'Cette expression figure déjà dans la liste',
    'phrase.not_found': 'Expression interdite introuvable',
    'report.account_cap': 'Vous pouvez signaler au plus {max} annonces par jour : réessayez demain',
    'report.address_cap':
      'Au plus {max} signalements par jour peuvent venir d’une même connexion : réessayez demain',
    'report.not_held': 'Cette annonce n’est pas retenue : il n’y a rien à contester',
    'report.already_appealed': 'Vous avez déjà demandé une révision de cette retenue',
    'report.appeal_note_required': 'Écrivez une note pour la personne qui révisera l’annonce',
    'report.cannot_hold': 'Seule une annonce en ligne peut être retenue',
    'report.removal_reason_required': 'Indiquez le motif du retrait de l’annonce : son propriétaire le lira',
    'report.cannot_restore': 'Seule une annonce retirée et non expirée peut être rétablie',
    'report.nothing_to_dismiss': 'Cette annonce n’a aucun signalement ouvert et n’est pas retenue',
    'report.already_removed': 'Cette annonce est déjà retirée',
    'report.name_one_ad': 'Nommez au moins une annonce',
    'report.too_many_ads': 'Au plus {max} annonces à la fois',
    'privacy.wrong_password': 'Le mot de passe est incorrect',
    'privacy.account_gone': 'Ce compte a déjà été supprimé',
    'wallet.insufficient_balance': 'Solde insuffisant',
    'wallet.idempotency_mismatch': 'Cette clé Idempotency-Key a déjà servi pour un autre paiement',
    'wallet.idempotency_invalid': 'Clé Idempotency-Key invalide',
    'wallet.idempotency_empty': 'La clé Idempotency-Key ne doit pas être vide',
    'wallet.idempotency_too_long': 'La clé Idempotency-Key doit compter au plus {max} caractères',
    'wallet.idempotency_ascii': 'La clé Idempotency-Key doit être en ASCII imprimable, sans espaces',
    'wallet.min_topup': `L’approvisionnement minimal est de ${formatFee(MIN_TOPUP_CENTS, 'fr-CA')}`,
    'wallet.amount_cents': 'Le montant doit être un nombre de dollars en cents entiers, comme 10 ou 12,50',
    'wallet.max_topup': `Vous pouvez approvisionner au plus ${MAX_TOPUP_CAD.toLocaleString('fr-CA')} $ à la fois`,
    'payment.not_confirmed': 'Paiement pas encore confirmé (statut {status})',
    'payment.expired':
      'Le paiement a expiré avant d’être confirmé (statut {status}). Lancez un nouvel approvisionnement.',
    'payment.invalid': 'Le fournisseur a marqué le paiement comme invalide (statut {status})',
    'payment.charge_not_found': 'Paiement introuvable',
    'payment.provider_unavailable':
      'Le service de paiement est indisponible, veuillez réessayer dans un moment',
    'payment.provider_refused': 'Le service de paiement a refusé la demande ({reason})',
    'payment.provider_disabled': 'Le fournisseur {provider} n’est pas activé',
    'payment.webhook_signature': 'Signature de webhook invalide',
    'payment.webhook_malformed': 'Corps de webhook mal formé',
    'payment.webhook_not_json': 'Le corps du webhook doit être du JSON',
    'payment.invoice_not_found': 'Facture introuvable',
    'payment.simulate_disabled': 'Les paiements simulés sont désactivés en production',
    'payment.draft_too_large':
      'Le brouillon est trop volumineux pour être conservé avec le paiement (au plus {maxKb} Ko)',
    'payment.draft_too_deep': 'Le brouillon est trop imbriqué (au plus {max} niveaux)',
    'payment.draft_bad_text':
      'Le brouillon contient du texte qui ne peut pas être conservé (caractères NUL ou de substitution isolés)',
    'verification.code_mismatch':
      'Ce code n’est pas celui affiché : rechargez la page et utilisez le nouveau code',
    'verification.photo_required': 'Envoyez une photo de vous tenant le code',
    'verification.pending': 'Votre demande attend déjà une révision',
    'verification.already_verified': 'Votre compte est déjà vérifié',
    'verification.not_found': 'Demande de vérification introuvable',
    'verification.decided': 'Cette demande a déjà été tranchée',
    'verification.not_approved': 'Seule une vérification approuvée peut être révoquée',
    'verification.reason_required': 'Indiquez un motif : l’annonceur le lira',
    'verification.photo_kind':
      'Les photos de vérification doivent être des photos (JPEG, PNG, WebP, HEIC ou AVIF)',
    'account.not_found': 'Ce compte n’existe pas',
    'account.reason_required': 'Indiquez un motif : il est gardé au journal d’audit',
    'account.already_suspended': 'Ce compte est déjà suspendu',
    'account.not_suspended': 'Ce compte n’est pas suspendu',
    'legal_hold.not_found': 'Cette mise sous scellés n’existe pas',
    'legal_hold.reason_required': 'Indiquez un motif : il est gardé au journal d’audit',
    'legal_hold.released': 'Cette mise sous scellés a été levée : sa copie scellée n’existe plus',
    'auth.registered': 'Compte créé. Le lien de vérification vous a été envoyé par courriel.',
    'auth.verification_resent':
      'Si un compte associé à ce courriel attend sa vérification, un nouveau lien de vérification a été envoyé.',
    'auth.reset_link_sent':
      'Si un compte existe pour ce courriel, un lien de réinitialisation du mot de passe a été envoyé.',
    'auth.password_reset': 'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.',
    'auth.password_changed': 'Votre mot de passe a été changé. Vos autres appareils ont été déconnectés.',
  },
  issue: '{field} : {words}',
  fields: {
    phone: 'Téléphone',
    website: 'Site Web',
    handle: 'Pseudonyme',
    title: 'Titre',
    city: 'Ville',
    description: 'Description',
    details: 'Précisions',
    reason: 'Motif',
    note: 'Note',
    phrase: 'Expression',
    email: 'Courriel',
    city_search: 'city',
    q: 'q',
    email_search: 'email',
  },
}
