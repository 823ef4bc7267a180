// The demo ads' copy in French, entry for entry with demo-ad-copy.ts (same categories, same order):
// a French visitor reads the sample ads in French (issue 43 item 27, docs/decisions/065-sample-ads-in-french.md).
import type { CategoryKey } from '#domain/categories.ts'
import type { DemoAdCopy } from './demo-ad-copy.ts'

export const COPY_FR: Record<Exclude<CategoryKey, 'adult-services'>, readonly DemoAdCopy[]> = {
  'adult-buy-sell': [
    {
      title: 'Peignoir de soie vintage, presque neuf',
      description: 'Doux peignoir de soie champagne, taille M. Lavé une fois, rangé dans une housse.',
    },
    {
      title: 'Lot d’accessoires pour photo boudoir',
      description:
        'Jetés de velours, guirlandes lumineuses, housse de chaise vintage et deux coussins satinés.',
    },
    {
      title: 'Ensemble de lingerie en dentelle de créateur (neuf)',
      description:
        'Ensemble deux pièces en dentelle, neuf avec étiquettes, taille S. Mauvaise taille achetée.',
    },
    {
      title: 'Coffret d’huiles de massage et bougie',
      description: 'Coffret scellé de trois huiles parfumées et d’une bougie de soya. Un joli cadeau.',
    },
    {
      title: 'Corset de cuir, taille M',
      description: 'Corset noir structuré à baleines d’acier, porté deux fois pour un bal costumé.',
    },
    {
      title: 'Collection de costumes de jeu de rôle',
      description: 'Cinq costumes (infirmière, pirate, années folles, police, mascarade) avec accessoires.',
    },
    {
      title: 'Parure de lit en satin de luxe',
      description: 'Draps en satin grand lit et quatre taies d’oreiller bordeaux. Comme neufs.',
    },
    {
      title: 'Lot de jeux de société pour couples',
      description: 'Trois jeux de société et de cartes pour soirées en amoureux, toutes les pièces incluses.',
    },
    {
      title: 'Masques de mascarade, lot de quatre',
      description: 'Masques vénitiens peints à la main, parfaits pour une soirée thématique ou un gala.',
    },
    {
      title: 'Carte-cadeau de boutique, valeur de 150 $',
      description: 'Carte-cadeau d’une boutique pour adultes locale, vendue sous sa valeur. Sans expiration.',
    },
  ],
  'adult-castings': [
    {
      title: 'Casting : modèles pour une série de photos boudoir',
      description:
        'Séance rémunérée pour une série boudoir de bon goût. Toutes morphologies. 18+ avec pièce d’identité.',
    },
    {
      title: 'Recherche d’acteurs pour un film romantique indépendant',
      description:
        'Deux premiers rôles et plusieurs figurants pour un court drame romantique. Rémunéré, crédité.',
    },
    {
      title: 'Appel ouvert : modèles pour catalogue de lingerie',
      description: 'Une marque canadienne de lingerie cherche des modèles pour son catalogue du printemps.',
    },
    {
      title: 'Couples recherchés pour une séance photo de bon goût',
      description:
        'De vrais couples pour un reportage sur les relations d’aujourd’hui. Concept tout habillé.',
    },
    {
      title: 'Hôtes et hôtesses pour un salon de l’industrie adulte',
      description:
        'Personnes sympathiques et sociables pour un salon d’une fin de semaine. Formation fournie.',
    },
    {
      title: 'Voix pour des livres audio romantiques',
      description:
        'Voix chaleureuses et expressives recherchées pour une série de livres audio. En télétravail.',
    },
    {
      title: 'Modèles vivants pour un atelier d’art',
      description: 'Séances en soirée dans un atelier d’art professionnel. Cadre fermé et respectueux.',
    },
    {
      title: 'Figurants pour un vidéoclip (18+)',
      description: 'Scène de boîte de nuit pour un artiste local. Une soirée, repas et petit cachet fournis.',
    },
    {
      title: 'Modèles maillots de bain et mise en forme',
      description:
        'Campagne saisonnière d’une marque de vêtements de sport. Portfolio bienvenu, non obligatoire.',
    },
    {
      title: 'Ambassadeurs et ambassadrices pour une boutique',
      description:
        'Temps partiel pour des événements et les réseaux sociaux. Personnes à l’aise pour communiquer.',
    },
  ],
  'adult-pics-vids': [
    {
      title: 'Série exclusive de photos boudoir',
      description: 'Trente images haute résolution d’une séance boudoir en lumière douce.',
    },
    {
      title: 'Série artistique de silhouettes',
      description: 'Silhouettes en noir et blanc devant une fenêtre à l’heure dorée.',
    },
    {
      title: 'Lot de vidéos des coulisses',
      description: 'Extraits et photos prises sur le vif pendant un mois de séances et de voyages.',
    },
    {
      title: 'Collection de photos de cosplay',
      description: 'Séries cosplay fantastique et anime, costumes faits main, éclairage de studio.',
    },
    {
      title: 'Série de photos d’essayage de lingerie',
      description: 'Essayage ludique de cinq tenues de créateurs indépendants.',
    },
    {
      title: 'Forfait photo mensuel du fan-club',
      description: 'Une nouvelle série thématique chaque mois, livrée par lien de téléchargement.',
    },
    {
      title: 'Série d’art en noir et blanc',
      description: 'Portraits classiques au style argentique, imprimés ou livrés en numérique.',
    },
    {
      title: 'Série de photos au coucher du soleil sur la plage',
      description: 'Séance maillot de bain estivale sur la côte, vingt images retouchées.',
    },
    {
      title: 'Série de photos sur demande',
      description: 'Donnez-moi le thème et la tenue; livraison en une semaine. De bon goût seulement.',
    },
    {
      title: 'Série de photos yoga et mise en forme',
      description: 'Poses athlétiques et étirements dans un studio lumineux, quinze images.',
    },
  ],
}

export const COMPANION_COPY_FR: readonly DemoAdCopy[] = [
  {
    title: 'Compagnie élégante pour un souper',
    description: 'Belle conversation autour d’un bon repas. Discrétion, respect et ponctualité.',
  },
  {
    title: 'Compagnie charmante pour vos événements',
    description:
      'Mariages, galas ou soirées de travail : une compagnie soignée qui met tout le monde à l’aise.',
  },
  {
    title: 'Compagnie de voyage pour la fin de semaine',
    description: 'Une compagnie facile à vivre pour escapades, séjours en ville et balades en voiture.',
  },
  {
    title: 'Conversation chaleureuse et bonne compagnie',
    description: 'Soirées détendues, café ou promenade au bord de l’eau. Sympathique et à l’écoute.',
  },
  {
    title: 'Compagnie raffinée pour soirées de gala',
    description: 'Événements officiels et tenues de soirée avec une compagnie assurée et cultivée.',
  },
  {
    title: 'Visites de la ville et soirées tranquilles',
    description:
      'Montrez-moi vos coins préférés ou laissez-moi vous montrer les miens. Décontracté et amusant.',
  },
  {
    title: 'Compagnie pour le théâtre et les concerts',
    description: 'Spectacles, concerts et soupers tardifs. Amour de la musique et des belles histoires.',
  },
  {
    title: 'Compagnie sportive et plein air',
    description: 'Randonnée, pagaie ou partie de tennis, suivies d’un repas bien mérité.',
  },
  {
    title: 'Galerie d’art et brunch',
    description: 'Dimanches matins sans hâte, galeries et brunch. Curieux et facile d’approche.',
  },
  {
    title: 'Compagnie amicale pour nouveaux arrivants',
    description: 'Nouveau en ville? De la compagnie pour découvrir quartiers, restaurants et événements.',
  },
]
