// The long texts of the Privacy and Terms pages in French, loaded with those two pages only and only
// when French is chosen (see en-legal.ts and docs/decisions/016-languages.md).
import { RETENTION } from '#domain/api/privacy.ts'
import {
  NEW_ACCOUNT_DAYS,
  REPORTS_PER_ACCOUNT_PER_DAY,
  REPORTS_PER_ADDRESS_PER_DAY,
} from '#domain/api/reports.ts'
import { MIN_TOPUP_CENTS } from '#domain/constants.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import { formatFee } from '#domain/money.ts'
import type { LegalMessages } from './messages-type.ts'

const fee = (cents: number) => formatFee(cents, 'fr-CA')

// how long a session lasts, in days (src/server/services/accounts/tokens.ts says the same in milliseconds)
const SESSION_DAYS = 30
const IDLE_DAYS = 14

export const frLegal: LegalMessages = {
  privacy: {
    title: 'Politique de confidentialité',
    updated: 'Dernière mise à jour : novembre 2026',
    sections: [
      {
        heading: 'Qui nous sommes',
        body: [
          'Maple After Dark est un site de petites annonces pour adultes (18 ans et plus) au Canada. Cette politique explique quels renseignements personnels nous recueillons, pourquoi, combien de temps nous les conservons, et les choix qui s’offrent à vous. Nous respectons la Loi sur la protection des renseignements personnels et les documents électroniques (LPRPDE) et, lorsqu’elles s’appliquent, les lois provinciales sur la protection des renseignements personnels, comme la Loi 25 du Québec.',
        ],
      },
      {
        heading: 'Ce qui reste sur votre appareil',
        body: [
          'Votre confirmation de majorité, votre langue, les brouillons des annonces que vous n’avez pas encore publiées (avec les photos choisies pour elles) et des copies des listes et des annonces que vous avez consultées, pour qu’elles s’affichent hors ligne. Effacer les données de votre navigateur ou désinstaller l’application les supprime.',
          'Lorsque vous vous connectez, votre jeton de session et le courriel de votre compte sont conservés sur votre appareil pour que vous restiez connecté. La déconnexion les supprime.',
        ],
      },
      {
        heading: 'Ce que notre serveur conserve, et combien de temps',
        body: [
          `Votre compte : votre adresse courriel, une empreinte de votre mot de passe (jamais le mot de passe lui-même), votre langue, et les dates de votre inscription et de la vérification de votre courriel. Conservés jusqu’à la suppression de votre compte. Un compte dont le courriel n’est jamais vérifié est supprimé après ${RETENTION.unverifiedAccountDays} jours.`,
          `Sessions et liens envoyés par courriel : une session est supprimée dès qu’elle prend fin (${SESSION_DAYS} jours après la connexion, ${IDLE_DAYS} jours sans utilisation, ou à la déconnexion); les liens de vérification et de réinitialisation, ${RETENTION.accountTokenDays} jours après leur expiration. Les courriels que nous vous envoyons sont supprimés une fois envoyés, et au plus tard après ${RETENTION.outboxDays} jours. Ce que nous faisons pour vous plus tard (un rappel, une alerte, une remontée programmée) est supprimé ${RETENTION.jobDays} jours après avoir été fait.`,
          'Vos annonces, telles que vous les avez rédigées : titre, description, prix, lieu, coordonnées, photos et vidéos (nous retirons les métadonnées de chaque photo, y compris la localisation, et ne gardons aucun original), ainsi que l’historique de chaque annonce (création, paiement, remontée, retenue, retrait). Les annonces publiées sont publiques, sauf les coordonnées, qui ne s’affichent qu’au visiteur qui les demande. Une annonce reste dans votre liste Gérer jusqu’à ce que vous la supprimiez ou supprimiez votre compte; supprimer une annonce supprime ses photos et vidéos sur-le-champ.',
          `Votre portefeuille et vos paiements : votre solde et son registre (montants, dates, types, l’annonce payée par chaque frais, références des paiements). Conservés tant que votre compte existe. Quand vous supprimez votre compte, le registre et les références des paiements sont conservés ${RETENTION.deletedLedgerYears} ans, comme la Loi de l’impôt sur le revenu l’exige des registres d’entreprise, sous un identifiant aléatoire sans courriel ni nom, puis supprimés. Les paiements en cryptomonnaie passent par un service de paiement; nous ne détenons jamais les clés de votre portefeuille.`,
          `Signalements : le motif et les précisions que vous écrivez, la date, et votre compte si vous êtes connecté. L’adresse d’où vous signalez n’est conservée que sous forme d’empreinte à sens unique, pour appliquer les limites quotidiennes et distinguer des personnes indépendantes, et oubliée après ${RETENTION.reportAddressDays} jours. Les signalements restent au dossier de l’annonce signalée; le propriétaire d’une annonce n’apprend jamais qui l’a signalée.`,
          `Statistiques des annonces : pour chaque annonce nous comptons, par jour, combien de visiteurs l’ont ouverte, combien ont affiché ses coordonnées, combien la gardent dans leurs favoris et combien d’alertes l’ont signalée. Son propriétaire voit ces nombres (jamais qui) pour les 30 derniers jours. Pour compter un visiteur une fois par jour, l’application envoie un nombre aléatoire qu’elle garde sur votre appareil (lié à aucun compte); le serveur le mêle à un secret qui change chaque jour et n’est jamais écrit, et n’en garde le résultat que dans sa mémoire jusqu’à la fin du jour. Nous n’enregistrons aucune adresse pour cela. Les nombres quotidiens sont supprimés après ${RETENTION.adStatsDays} jours, et avec l’annonce.`,
          'Affichage des coordonnées et autres requêtes : l’adresse d’un visiteur qui affiche des coordonnées n’est jamais enregistrée; elle n’est comptée en mémoire que quelques minutes pour empêcher l’aspiration des données. Les journaux du serveur, qui contiennent des adresses, sont conservés peu de temps pour la sécurité. Le texte envoyé à la vérification de modération est vérifié, puis oublié.',
          'Conservation légale : quand un modérateur confirme un signalement selon lequel une annonce pourrait concerner une personne mineure ou la traite, ou quand un administrateur place une conservation légale pour répondre à la police, nous scellons une copie de cette annonce (chaque version, ses photos et vidéos, ses signalements) et de son compte (courriel, coordonnées de ses annonces, dates de connexion, paiements), à part du site. Supprimer l’annonce ou le compte les retire alors du site comme d’habitude, mais la copie scellée reste au moins un an, ou jusqu’à ce qu’un administrateur la libère en donnant une raison; seuls les administrateurs peuvent la lire, chaque étape est journalisée, et elle n’est remise qu’aux autorités, comme la loi l’exige.',
        ],
      },
      {
        heading: 'Pourquoi nous les utilisons',
        body: [
          'Pour gérer votre compte et publier vos annonces, recevoir les paiements et tenir les registres qu’exige la loi fiscale, garder le site légal et sûr (modération, signalements, prévention des abus et de la fraude) et répondre à vos messages. Nous ne vendons pas vos renseignements personnels et n’utilisons aucun traceur publicitaire tiers.',
        ],
      },
      {
        heading: 'Télécharger ou supprimer vos données',
        body: [
          'Une fois connecté, ouvrez Vos données dans le menu du compte. « Télécharger mes données » vous donne un seul fichier zip avec votre compte, chacune de vos annonces avec ses photos et vidéos, le registre de votre portefeuille, vos paiements et les signalements que vous avez faits.',
          '« Supprimer mon compte » (votre mot de passe le confirme) retire vos annonces et supprime leurs photos et vidéos sur-le-champ, met fin à toutes vos sessions et libère votre courriel pour une nouvelle inscription. Seuls les registres de paiement décrits plus haut sont conservés, sans votre courriel.',
        ],
      },
      {
        heading: 'Vos droits',
        body: [
          'En vertu de la LPRPDE et de la Loi 25 du Québec, vous pouvez consulter les renseignements personnels que nous détenons à votre sujet (Télécharger mes données), les faire corriger (en modifiant vos annonces ou en nous écrivant), retirer votre consentement et supprimer votre compte. Pour toute autre demande, écrivez-nous par la page Contact; nous répondons dans les 30 jours. Si vous n’êtes pas satisfait, vous pouvez porter plainte auprès du Commissariat à la protection de la vie privée du Canada (priv.gc.ca) ou, au Québec, de la Commission d’accès à l’information (cai.gouv.qc.ca).',
        ],
      },
      {
        heading: 'Sécurité',
        body: [
          'Les connexions sont chiffrées, les mots de passe sont hachés avec un algorithme moderne, les photos des annonces en révision ne sont montrées qu’à leur propriétaire et à nos modérateurs, et l’accès à nos systèmes est limité aux personnes qui en ont besoin. Si une atteinte crée un risque réel de préjudice grave, nous vous en informerons, ainsi que le Commissariat, comme la loi l’exige.',
        ],
      },
    ],
  },
  terms: {
    title: 'Conditions d’utilisation',
    updated: 'Dernière mise à jour : novembre 2026',
    sections: [
      {
        heading: 'Réservé aux adultes',
        body: [
          'Vous devez avoir au moins 18 ans, et l’âge de la majorité là où vous habitez, pour utiliser ce site. En entrant, vous confirmez que c’est le cas et que le contenu pour adultes est légal là où vous vous trouvez.',
        ],
      },
      {
        heading: 'Vos annonces',
        body: [
          'Vous êtes responsable de chaque annonce que vous publiez. Les annonces doivent être véridiques, légales au Canada et dans votre province, et ne concerner que des adultes consentants. Toute personne montrée dans une photo ou une vidéo doit avoir 18 ans ou plus et avoir accepté d’y figurer.',
        ],
      },
      {
        id: 'companion-ads',
        heading: 'Annonces Accompagnement pour adultes',
        body: [
          'Seuls les annonceurs vérifiés peuvent publier dans Accompagnement pour adultes : faites-en la demande sous Faire vérifier mon compte dans le menu du compte, et un modérateur examine votre photo. Si une vérification est retirée, les annonces d’accompagnement du compte sont masquées aussitôt.',
          'Chaque fois que vous publiez ou modifiez une annonce d’accompagnement, vous confirmez avoir 18 ans ou plus et que l’annonce n’offre que votre propre temps et votre compagnie. Nous conservons cette confirmation avec sa date et la version de l’annonce qu’elle couvre.',
          'Interdit : une annonce pour quelqu’un d’autre que vous (un ami, un partenaire, un travailleur, un client) ; les annonces d’agences, de gérants, de preneurs de rendez-vous ou de chauffeurs, ou pour leur compte ; offrir ou demander des services sexuels contre de l’argent ou toute autre chose de valeur ; et les mots codés, prix, « menus », abréviations ou émojis qui les désignent. Ces annonces sont retirées et le compte fermé ; si nous soupçonnons de l’exploitation ou un mineur, nous le signalons à la police.',
        ],
      },
      {
        heading: 'Contenu interdit',
        body: [
          'Aucun contenu impliquant des personnes mineures, ou qui semblent l’être. Aucune traite de personnes, exploitation, contrainte ni publicité faite par un tiers pour une autre personne. Aucune image non consensuelle ou volée. Aucune violence, menace, haine ni drogue illégale. Nous retirons ces annonces sans préavis, fermons le compte et avisons la police.',
          'Les annonces d’accompagnement doivent respecter les lois canadiennes, notamment le Code criminel (la Loi sur la protection des collectivités et des personnes victimes d’exploitation). Nous pouvons refuser ou retirer toute annonce à notre discrétion.',
          `Toute personne peut signaler une annonce. Un signalement indiquant qu’une annonce pourrait montrer une personne de moins de 18 ans, de la contrainte ou de la traite passe en tête de notre file de révision. Il masque l’annonce sur-le-champ s’il vient d’un compte établi (courriel vérifié, au moins ${NEW_ACCOUNT_DAYS} jours d’ancienneté, aucun signalement rejeté); sinon, quand une deuxième personne indépendante le confirme ou qu’un modérateur tranche. Les autres annonces sont masquées après trois signalements indépendants. Un compte peut faire ${REPORTS_PER_ACCOUNT_PER_DAY} signalements par jour et une connexion ${REPORTS_PER_ADDRESS_PER_DAY}; après trois signalements rejetés, un compte ne masque plus d’annonces.`,
          'Pendant qu’une annonce est retenue pour révision, ses jours restants sont conservés : le compteur repart quand elle est remise en ligne. Son propriétaire voit pourquoi sous Gérer et peut demander une fois une révision, avec une note. La retenue ou le retrait d’une annonce n’entraîne jamais de remboursement automatique de ses frais; le motif d’un retrait est affiché au propriétaire sous Gérer.',
        ],
      },
      {
        heading: 'Frais et paiements',
        body: [
          `Publier une annonce coûte ${fee(FEES_CENTS.post)} CA et la remonter en tête coûte ${fee(FEES_CENTS.bump)} CA, payés avec votre portefeuille prépayé ou en Bitcoin ou en Litecoin. L’approvisionnement minimal du portefeuille est de ${fee(MIN_TOPUP_CENTS)} CA. Les frais ne sont pas remboursables, y compris lorsqu’une annonce est retirée pour non-respect des présentes conditions. Le solde du portefeuille n’a aucune valeur monétaire et ne peut pas être retiré.`,
        ],
      },
      {
        heading: 'Rencontres',
        body: [
          'Nous ne faisons que publier des annonces; nous ne sommes partie à aucun échange entre utilisateurs. Soyez prudent lorsque vous rencontrez quelqu’un, n’envoyez jamais d’argent à l’avance à des inconnus et signalez les annonces suspectes.',
        ],
      },
      {
        heading: 'Votre compte',
        body: [
          'Gardez votre mot de passe confidentiel; vous êtes responsable de ce qui se passe sous votre compte. Nous pouvons suspendre les comptes qui enfreignent les présentes conditions.',
          'Vous pouvez supprimer votre compte en tout temps sous Vos données, dans le menu du compte : vos annonces, photos et vidéos disparaissent sur-le-champ, et tout solde du portefeuille est perdu. Les registres de paiement sont conservés comme le prévoit la politique de confidentialité.',
        ],
      },
      {
        heading: 'Responsabilité et droit applicable',
        body: [
          'Le site est fourni tel quel. Dans la mesure permise par la loi, nous ne sommes pas responsables des annonces publiées par les utilisateurs ni des pertes découlant de transactions entre utilisateurs. Les présentes conditions sont régies par les lois de l’Ontario et du Canada.',
        ],
      },
    ],
  },
}
