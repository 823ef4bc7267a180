// The long texts of the Privacy and Terms pages in French, loaded with those two pages only and only
// when French is chosen (see en-legal.ts and docs/decisions/016-languages.md).
import { MIN_TOPUP_CENTS } from '#domain/constants.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import { formatFee } from '#domain/money.ts'
import type { LegalMessages } from './messages-type.ts'

const fee = (cents: number) => formatFee(cents, 'fr-CA')

export const frLegal: LegalMessages = {
  privacy: {
    title: 'Politique de confidentialité',
    updated: 'Dernière mise à jour : novembre 2026',
    sections: [
      {
        heading: 'Qui nous sommes',
        body: [
          'Maple After Dark est un site de petites annonces pour adultes (18 ans et plus) au Canada. Cette politique explique quels renseignements personnels nous recueillons, pourquoi, et les choix qui s’offrent à vous. Nous respectons la Loi sur la protection des renseignements personnels et les documents électroniques (LPRPDE) et, lorsqu’elles s’appliquent, les lois provinciales sur la protection des renseignements personnels, comme la Loi 25 du Québec.',
        ],
      },
      {
        heading: 'Ce qui reste dans votre navigateur',
        body: [
          'La consultation, les recherches et les annonces que vous publiez ou modifiez sont conservées sur votre appareil seulement (stockage local et IndexedDB) : vos annonces, vos brouillons, votre confirmation de majorité et une copie des listes de villes. Nous ne voyons jamais ces données. Effacer les données de votre navigateur ou désinstaller l’application les supprime.',
          'Lorsque vous vous connectez, votre jeton de session et le courriel de votre compte sont aussi conservés sur votre appareil pour que vous restiez connecté. La déconnexion les supprime.',
        ],
      },
      {
        heading: 'Ce que notre serveur conserve',
        body: [
          'Votre compte : adresse courriel et empreinte du mot de passe (nous ne conservons jamais le mot de passe lui-même), l’état de vérification de votre courriel, votre langue et vos sessions de connexion.',
          'Votre portefeuille : solde, approvisionnements et paiements, tenus dans un registre comme l’exigent la comptabilité et la prévention de la fraude.',
          'Les paiements en cryptomonnaie passent par un service de paiement; nous conservons la référence et le statut du paiement, jamais les clés de votre portefeuille.',
          'Les textes envoyés pour la modération (le texte des annonces comparé aux expressions interdites) sont vérifiés, puis ne sont pas conservés.',
        ],
      },
      {
        heading: 'Pourquoi nous les utilisons',
        body: [
          'Pour gérer votre compte, recevoir les paiements, garder le site légal et sécuritaire (modération, prévention des abus et de la fraude) et répondre à vos messages. Nous ne vendons pas vos renseignements personnels et n’utilisons aucun traceur publicitaire de tiers.',
        ],
      },
      {
        heading: 'Combien de temps nous les conservons',
        body: [
          'Les données du compte sont conservées tant que votre compte est actif. Les dossiers de paiement sont conservés aussi longtemps que l’exige la législation fiscale canadienne (généralement six ans). Les journaux du serveur sont conservés peu de temps, pour la sécurité.',
        ],
      },
      {
        heading: 'Vos droits',
        body: [
          'En vertu de la LPRPDE, vous pouvez demander à consulter les renseignements personnels que nous détenons à votre sujet, demander leur correction, ou retirer votre consentement et fermer votre compte. Écrivez-nous au moyen de la page Nous joindre; nous répondons dans les 30 jours. Si vous n’êtes pas satisfait, vous pouvez porter plainte au Commissariat à la protection de la vie privée du Canada (priv.gc.ca).',
        ],
      },
      {
        heading: 'Sécurité',
        body: [
          'Les connexions sont chiffrées, les mots de passe sont hachés au moyen d’un algorithme moderne et l’accès à nos systèmes est limité aux personnes qui en ont besoin. Si une atteinte crée un risque réel de préjudice grave, nous vous en informerons, ainsi que le Commissaire à la protection de la vie privée, comme l’exige la loi.',
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
        heading: 'Contenu interdit',
        body: [
          'Aucun contenu impliquant des personnes mineures, ou qui semblent l’être. Aucune traite de personnes, exploitation, contrainte ni publicité faite par un tiers pour une autre personne. Aucune image non consensuelle ou volée. Aucune violence, menace, haine ni drogue illégale. Nous retirons ces annonces sans préavis, fermons le compte et avisons la police.',
          'Les annonces d’accompagnement doivent respecter les lois canadiennes, notamment le Code criminel (la Loi sur la protection des collectivités et des personnes victimes d’exploitation). Nous pouvons refuser ou retirer toute annonce à notre discrétion.',
          'Toute personne peut signaler une annonce. Une annonce signalée comme pouvant montrer une personne de moins de 18 ans, de la contrainte ou de la traite est masquée immédiatement jusqu’à notre examen; les autres annonces sont masquées après plusieurs signalements. La retenue ou le retrait d’une annonce n’entraîne jamais de remboursement automatique de ses frais; le motif d’un retrait est affiché sous Gérer.',
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
