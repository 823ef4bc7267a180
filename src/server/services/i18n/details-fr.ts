// The French of every `detail` and `message` the API writes, keyed by the English text, which stays the
// default and the contract (docs/decisions/016-languages.md). Keys come from the constants the code
// throws, so rewording an English text cannot silently drop its translation.
import { ADMIN_INVALID_CREDENTIALS_DETAIL } from '#domain/api/admin.ts'
import { AD_NOT_FOUND_DETAIL, BANNED_WORDS_DETAIL } from '#domain/api/ads.ts'
import { NO_VERIFY_TOKEN_DETAIL } from '#domain/api/auth.ts'
import { EMAIL_NOT_VERIFIED, INVALID_CREDENTIALS_DETAIL } from '#domain/api/auth-constants.ts'
import { NUL_CHARACTER_DETAIL } from '#domain/api/common.ts'
import { NO_FILE_DETAIL, UNSUPPORTED_MEDIA_DETAIL } from '#domain/api/media.ts'
import {
  PHRASE_BLANK_DETAIL,
  PHRASE_DUPLICATE_DETAIL,
  PHRASE_NO_WORDS_DETAIL,
  PHRASE_NOT_FOUND_DETAIL,
} from '#domain/api/moderation.ts'
import { WRONG_PASSWORD_DETAIL } from '#domain/api/privacy.ts'
import {
  ACCOUNT_REPORT_CAP_DETAIL,
  ADDRESS_REPORT_CAP_DETAIL,
  ALREADY_APPEALED_DETAIL,
  APPEAL_NOTE_REQUIRED_DETAIL,
  CANNOT_HOLD_DETAIL,
  MAX_BULK_RELEASE,
  NOT_HELD_DETAIL,
  REMOVAL_REASON_REQUIRED_DETAIL,
  REPORTS_PER_ACCOUNT_PER_DAY,
  REPORTS_PER_ADDRESS_PER_DAY,
} from '#domain/api/reports.ts'
import {
  MAX_PHOTO_ASPECT,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PHOTO_SIDE,
  MAX_VIDEO_BYTES,
  MIN_TOPUP_CENTS,
} from '#domain/constants.ts'
import { FEE_NEEDS_AD_DETAIL } from '#domain/fees.ts'
import { formatFee } from '#domain/money.ts'
import {
  INTERNAL_ERROR_DETAIL,
  NOT_FOUND_DETAIL,
  RATE_LIMITED_DETAIL,
  UNAVAILABLE_DETAIL,
} from '#server/errors.ts'
import { ADMIN_REQUIRED_DETAIL, INVALID_TOKEN_DETAIL, MISSING_TOKEN_DETAIL } from '#server/plugins/auth.ts'
import {
  FORGOT_SENT_MESSAGE,
  INVALID_RESET_LINK_DETAIL,
  INVALID_VERIFY_LINK_DETAIL,
  REGISTER_MESSAGE,
  RESEND_SENT_MESSAGE,
  UNVERIFIED_LOGIN_DETAIL,
} from '#server/services/accounts/accounts.ts'
import {
  PASSWORD_CHANGED_MESSAGE,
  SAME_PASSWORD_DETAIL,
  WRONG_CURRENT_PASSWORD_DETAIL,
} from '#server/services/accounts/change-password.ts'
import { COMMON_PASSWORD_DETAIL } from '#server/services/accounts/common-passwords.ts'
import { REMOVED_AD_DETAIL, VERIFY_EMAIL_DETAIL } from '#server/services/ads/ads-service.ts'
import {
  PHOTO_PIXELS_DETAIL,
  PHOTO_SHAPE_DETAIL,
  PHOTO_TOO_SLOW_DETAIL,
  UNREADABLE_PHOTO_DETAIL,
} from '#server/services/media/process-photo.ts'
import {
  MALFORMED_MULTIPART_DETAIL,
  PHOTO_TOO_LARGE_DETAIL,
  VIDEO_TOO_LARGE_DETAIL,
} from '#server/services/media/receive-upload.ts'
import { CHARGE_NOT_FOUND, PROVIDER_UNAVAILABLE } from '#server/services/payments/charges.ts'
import {
  DRAFT_BAD_TEXT_DETAIL,
  DRAFT_TOO_DEEP_DETAIL,
  DRAFT_TOO_LARGE_DETAIL,
} from '#server/services/payments/draft.ts'
import { CANNOT_RESTORE_DETAIL, NOTHING_TO_DISMISS_DETAIL } from '#server/services/reports/review.ts'
import { IDEMPOTENCY_MISMATCH, INSUFFICIENT_BALANCE } from '#server/services/wallet/wallet-service.ts'

export const DETAILS_FR: Readonly<Record<string, string>> = {
  // errors of the framework and the error handler
  [INTERNAL_ERROR_DETAIL]: 'Erreur interne du serveur',
  [UNAVAILABLE_DETAIL]: 'Service momentanément indisponible, veuillez réessayer dans quelques secondes.',
  [NOT_FOUND_DETAIL]: 'Introuvable',
  [RATE_LIMITED_DETAIL]: 'Trop de requêtes, veuillez réessayer plus tard.',
  Forbidden: 'Accès refusé',
  'Bad request': 'Requête invalide',
  'Request body is too large': 'Le corps de la requête est trop volumineux',
  'Request body is not valid JSON': 'Le corps de la requête n’est pas du JSON valide',
  'Invalid value': 'Valeur invalide',
  // accounts and sessions
  [MISSING_TOKEN_DETAIL]: 'Authentification requise',
  [INVALID_TOKEN_DETAIL]: 'Session invalide ou expirée. Veuillez vous reconnecter.',
  [ADMIN_REQUIRED_DETAIL]: 'Authentification d’administrateur requise',
  [ADMIN_INVALID_CREDENTIALS_DETAIL]: 'Nom d’utilisateur ou mot de passe incorrect',
  [INVALID_CREDENTIALS_DETAIL]: 'Courriel ou mot de passe incorrect',
  [EMAIL_NOT_VERIFIED]: 'Courriel non vérifié',
  [UNVERIFIED_LOGIN_DETAIL]:
    'Courriel non vérifié. Le lien de vérification se trouve dans votre boîte de réception.',
  [INVALID_VERIFY_LINK_DETAIL]: 'Ce lien de vérification est invalide ou a expiré',
  [INVALID_RESET_LINK_DETAIL]: 'Ce lien de réinitialisation du mot de passe est invalide ou a expiré',
  [NO_VERIFY_TOKEN_DETAIL]: 'Aucun jeton de vérification fourni',
  [COMMON_PASSWORD_DETAIL]:
    'Ce mot de passe fait partie des 10 000 plus courants et faciles à deviner. Veuillez en choisir un autre.',
  [WRONG_CURRENT_PASSWORD_DETAIL]: 'Le mot de passe actuel est incorrect',
  [SAME_PASSWORD_DETAIL]: 'Le nouveau mot de passe doit être différent de l’actuel',
  [REGISTER_MESSAGE]: 'Compte créé. Le lien de vérification vous a été envoyé par courriel.',
  [RESEND_SENT_MESSAGE]:
    'Si un compte associé à ce courriel attend sa vérification, un nouveau lien de vérification a été envoyé.',
  [FORGOT_SENT_MESSAGE]:
    'Si un compte existe pour ce courriel, un lien de réinitialisation du mot de passe a été envoyé.',
  'Your password has been reset. You can now sign in.':
    'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.',
  [PASSWORD_CHANGED_MESSAGE]: 'Votre mot de passe a été changé. Vos autres appareils ont été déconnectés.',
  'Enter a valid email': 'Entrez une adresse courriel valide',
  'Email is too long': 'Le courriel est trop long',
  'Token is required': 'Le jeton est obligatoire',
  'Password is required': 'Le mot de passe est obligatoire',
  'Username is required': 'Le nom d’utilisateur est obligatoire',
  'Current password is required': 'Le mot de passe actuel est obligatoire',
  // ads, moderation, reports
  [AD_NOT_FOUND_DETAIL]: 'Annonce introuvable',
  [BANNED_WORDS_DETAIL]: 'Mots interdits détectés',
  [VERIFY_EMAIL_DETAIL]: 'Vérifiez votre adresse courriel avant de publier une annonce',
  [REMOVED_AD_DETAIL]: 'Cette annonce a été retirée et ne peut plus être modifiée',
  [NUL_CHARACTER_DETAIL]: 'Le texte ne doit pas contenir de caractères NUL',
  'Title is required': 'Le titre est obligatoire',
  'Media must be ids returned by the upload':
    'Les médias doivent être des identifiants reçus au téléversement',
  // uploads
  [UNSUPPORTED_MEDIA_DETAIL]:
    'Fichier non pris en charge : les photos doivent être en JPEG, PNG, WebP, HEIC ou AVIF, les vidéos en MP4 ou WebM',
  [NO_FILE_DETAIL]: 'Envoyez un seul fichier dans un champ multipart/form-data',
  [MALFORMED_MULTIPART_DETAIL]: 'Le corps multipart/form-data est mal formé',
  [PHOTO_TOO_LARGE_DETAIL]: `Les photos peuvent peser au plus ${MAX_PHOTO_BYTES / 1024 / 1024} Mo`,
  [VIDEO_TOO_LARGE_DETAIL]: `Les vidéos peuvent peser au plus ${MAX_VIDEO_BYTES / 1024 / 1024} Mo`,
  [PHOTO_PIXELS_DETAIL]: `Les photos peuvent compter au plus ${MAX_PHOTO_PIXELS / 1_000_000} mégapixels`,
  [PHOTO_SHAPE_DETAIL]: `Les photos peuvent mesurer au plus ${MAX_PHOTO_SIDE.toLocaleString('fr-CA')} pixels de côté et être au plus ${MAX_PHOTO_ASPECT} fois plus longues que larges`,
  [PHOTO_TOO_SLOW_DETAIL]:
    'La lecture de cette photo a pris trop de temps : exportez-la de nouveau en JPEG et réessayez',
  [UNREADABLE_PHOTO_DETAIL]:
    'Cette photo n’a pas pu être lue (une photo HEIC doit parfois d’abord être exportée en JPEG)',
  [PHRASE_BLANK_DETAIL]: 'L’expression ne peut pas être vide',
  [PHRASE_NO_WORDS_DETAIL]: 'L’expression doit contenir des lettres ou des chiffres',
  [PHRASE_DUPLICATE_DETAIL]: 'Cette expression figure déjà dans la liste',
  [PHRASE_NOT_FOUND_DETAIL]: 'Expression interdite introuvable',
  [REMOVAL_REASON_REQUIRED_DETAIL]: 'Indiquez le motif du retrait de l’annonce : son propriétaire le lira',
  [CANNOT_RESTORE_DETAIL]: 'Seule une annonce retirée et non expirée peut être rétablie',
  [NOTHING_TO_DISMISS_DETAIL]: 'Cette annonce n’a aucun signalement ouvert et n’est pas retenue',
  'This ad is already removed': 'Cette annonce est déjà retirée',
  [ACCOUNT_REPORT_CAP_DETAIL]: `Vous pouvez signaler au plus ${REPORTS_PER_ACCOUNT_PER_DAY} annonces par jour : réessayez demain`,
  [ADDRESS_REPORT_CAP_DETAIL]: `Au plus ${REPORTS_PER_ADDRESS_PER_DAY} signalements par jour peuvent venir d’une même connexion : réessayez demain`,
  [NOT_HELD_DETAIL]: 'Cette annonce n’est pas retenue : il n’y a rien à contester',
  [ALREADY_APPEALED_DETAIL]: 'Vous avez déjà demandé une révision de cette retenue',
  [APPEAL_NOTE_REQUIRED_DETAIL]: 'Écrivez une note pour la personne qui révisera l’annonce',
  [CANNOT_HOLD_DETAIL]: 'Seule une annonce en ligne peut être retenue',
  'Name at least one ad': 'Nommez au moins une annonce',
  [`At most ${MAX_BULK_RELEASE} ads at once`]: `Au plus ${MAX_BULK_RELEASE} annonces à la fois`,
  // privacy rights
  [WRONG_PASSWORD_DETAIL]: 'Le mot de passe est incorrect',
  'This ad is already live: its posting fee was paid':
    'Cette annonce est déjà en ligne : ses frais de publication ont été payés',
  'This ad cannot be bumped right now': 'Cette annonce ne peut pas être remontée pour le moment',
  'This ad is not live yet: pay its posting fee before bumping it':
    'Cette annonce n’est pas encore en ligne : payez ses frais de publication avant de la remonter',
  'This ad has expired: renew it (posting fee) before bumping it':
    'Cette annonce a expiré : renouvelez-la (frais de publication) avant de la remonter',
  'This ad is under review and cannot be paid for until the review ends':
    'Cette annonce est en cours de révision et ne peut pas être payée avant la fin de la révision',
  'This ad was removed and cannot be paid for': 'Cette annonce a été retirée et ne peut pas être payée',
  // wallet and payments
  [INSUFFICIENT_BALANCE]: 'Solde insuffisant',
  [FEE_NEEDS_AD_DETAIL]:
    'Des frais de publication ou de remontée doivent nommer l’annonce qu’ils paient (listingId)',
  [IDEMPOTENCY_MISMATCH]: 'Cette clé Idempotency-Key a déjà servi pour un autre paiement',
  [`Minimum load is ${formatFee(MIN_TOPUP_CENTS)}`]: `L’approvisionnement minimal est de ${formatFee(MIN_TOPUP_CENTS, 'fr-CA')}`,
  [CHARGE_NOT_FOUND]: 'Paiement introuvable',
  [PROVIDER_UNAVAILABLE]: 'Le service de paiement est indisponible, veuillez réessayer dans un moment',
  [DRAFT_TOO_LARGE_DETAIL]: 'Le brouillon est trop volumineux pour être conservé avec le paiement',
  [DRAFT_TOO_DEEP_DETAIL]: 'Le brouillon est trop imbriqué',
  [DRAFT_BAD_TEXT_DETAIL]:
    'Le brouillon contient du texte qui ne peut pas être conservé (caractères NUL ou de substitution isolés)',
  'Invalid Idempotency-Key': 'Clé Idempotency-Key invalide',
  'Idempotency-Key must not be empty': 'La clé Idempotency-Key ne doit pas être vide',
  'Idempotency-Key must be at most 255 characters':
    'La clé Idempotency-Key doit compter au plus 255 caractères',
  'Idempotency-Key must be printable ASCII without spaces':
    'La clé Idempotency-Key doit être en ASCII imprimable, sans espaces',
  'Invoice not found': 'Facture introuvable',
}

const FIELDS_FR: Readonly<Record<string, string>> = {
  Phone: 'Téléphone',
  Website: 'Site Web',
  Handle: 'Pseudonyme',
  Title: 'Titre',
  City: 'Ville',
  Description: 'Description',
  Details: 'Précisions',
  Reason: 'Motif',
  Note: 'Note',
}

/** Texts with a variable part: the pattern of the English and how the French reads. */
export const PATTERNS_FR: readonly (readonly [RegExp, (...parts: string[]) => string])[] = [
  [new RegExp(`^${BANNED_WORDS_DETAIL}: (.+)$`, 's'), (words) => `Mots interdits détectés : ${words}`],
  [
    /^(\w+) must be at most (\d+) characters$/,
    (field, max) => `Le champ « ${FIELDS_FR[field] ?? field} » doit compter au plus ${max} caractères`,
  ],
  [/^The (\w+) provider is not enabled$/, (provider) => `Le fournisseur ${provider} n’est pas activé`],
  [
    /^Payment expired before it was confirmed \(status (\w+)\)\. Start a new top-up\.$/,
    (status) =>
      `Le paiement a expiré avant d’être confirmé (statut ${status}). Lancez un nouvel approvisionnement.`,
  ],
  [
    /^Payment was marked invalid by the provider \(status (\w+)\)$/,
    (status) => `Le fournisseur a marqué le paiement comme invalide (statut ${status})`,
  ],
  [
    /^Payment not confirmed yet \(status (\w+)\)$/,
    (status) => `Paiement pas encore confirmé (statut ${status})`,
  ],
  [
    /^Unknown province: use one of (.+) or (\w+)$/,
    (codes, all) => `Province inconnue : utilisez l’un de ${codes} ou ${all}`,
  ],
]
