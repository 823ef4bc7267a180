// The titles and descriptions of the demo ads the server seeds (demo-ad-generator.ts), by category.
import type { CategoryKey } from '#domain/categories.ts'
import type { Language } from '#domain/languages.ts'
import { COMPANION_COPY_FR, COPY_FR } from './demo-ad-copy-fr.ts'

export interface DemoAdCopy {
  title: string
  description: string
}

// Tasteful, non-explicit copy: every ad must be fine for the 18+ audience and for a screenshot.
const COPY: Record<Exclude<CategoryKey, 'adult-services'>, readonly DemoAdCopy[]> = {
  'adult-buy-sell': [
    {
      title: 'Vintage silk robe, barely worn',
      description: 'Soft champagne silk robe in size M. Washed once, stored in a garment bag.',
    },
    {
      title: 'Boudoir photography props bundle',
      description: 'Velvet throws, fairy lights, a vintage chair cover and two satin pillows.',
    },
    {
      title: 'Designer lace lingerie set (new)',
      description: 'Brand-new two-piece lace set with tags, size S. Bought the wrong size.',
    },
    {
      title: 'Massage oil and candle gift box',
      description: 'Unopened gift box with three scented oils and a soy candle. Makes a lovely present.',
    },
    {
      title: 'Leather corset, size M',
      description: 'Black structured corset with steel boning, worn twice for a costume party.',
    },
    {
      title: 'Roleplay costume collection',
      description: 'Five costumes (nurse, pirate, flapper, police, masquerade) with accessories.',
    },
    {
      title: 'Luxury satin bedding set',
      description: 'Queen-size satin sheets and four pillowcases in deep burgundy. Like new.',
    },
    {
      title: 'Couples board game bundle',
      description: 'Three date-night board and card games for couples, all pieces included.',
    },
    {
      title: 'Masquerade masks, set of four',
      description: 'Hand-painted Venetian masks, perfect for a themed evening or a gala.',
    },
    {
      title: 'Boutique gift card, $150 value',
      description: 'Gift card for a local adult boutique, selling below value. Never expires.',
    },
  ],
  'adult-castings': [
    {
      title: 'Casting: models for a boudoir photo series',
      description: 'Paid shoot for a tasteful boudoir series. All body types welcome. 18+ with valid ID.',
    },
    {
      title: 'Seeking actors for an indie romance film',
      description: 'Two lead roles and several extras for a short romance drama. Paid, credited.',
    },
    {
      title: 'Open call: lingerie catalogue models',
      description: 'A Canadian lingerie label is looking for models for its spring catalogue.',
    },
    {
      title: 'Couples wanted for a tasteful photo shoot',
      description: 'Real couples for an editorial about modern relationships. Fully clothed concept.',
    },
    {
      title: 'Hosts wanted for an adult-industry expo',
      description: 'Friendly, outgoing hosts for a weekend trade show. Training provided.',
    },
    {
      title: 'Voice talent for romance audiobooks',
      description: 'Warm, expressive voices wanted for a series of romance audiobooks. Remote work.',
    },
    {
      title: 'Life-drawing models for art studio',
      description: 'Evening sessions with a professional art studio. Respectful, closed environment.',
    },
    {
      title: 'Extras for a music video (18+)',
      description: 'Nightclub scene for a local artist. One evening, meals and a small fee provided.',
    },
    {
      title: 'Swimwear and fitness models',
      description: 'Seasonal campaign for an activewear brand. Portfolio welcome but not required.',
    },
    {
      title: 'Brand ambassadors for a boutique',
      description: 'Part-time ambassadors for events and social media. Confident communicators.',
    },
  ],
  'adult-pics-vids': [
    {
      title: 'Exclusive boudoir photo set',
      description: 'Thirty high-resolution images from a soft-light boudoir session.',
    },
    {
      title: 'Artistic silhouette photo series',
      description: 'Black and white silhouettes shot against a window at golden hour.',
    },
    {
      title: 'Behind-the-scenes video bundle',
      description: 'Candid clips and stills from a month of photo shoots and travel.',
    },
    {
      title: 'Cosplay photo collection',
      description: 'Fantasy and anime cosplay sets, handmade costumes, studio lighting.',
    },
    {
      title: 'Lingerie try-on photo set',
      description: 'Playful try-on set featuring five outfits from independent designers.',
    },
    {
      title: 'Monthly fan-club photo pack',
      description: 'A new themed set every month, delivered by download link.',
    },
    {
      title: 'Fine-art black and white series',
      description: 'Classic film-style portraits printed or delivered digitally.',
    },
    {
      title: 'Beach sunset photo set',
      description: 'Summer swimwear shoot on the coast, twenty edited images.',
    },
    {
      title: 'Custom photo set on request',
      description: 'Tell me the theme and outfit; delivered within a week. Tasteful only.',
    },
    {
      title: 'Yoga and fitness photo series',
      description: 'Athletic poses and stretches in a bright studio, fifteen images.',
    },
  ],
}

const COMPANION_COPY: readonly DemoAdCopy[] = [
  {
    title: 'Elegant dinner date companion',
    description: 'Great conversation over a fine dinner. Discreet, respectful and always punctual.',
  },
  {
    title: 'Charming plus-one for events',
    description: 'Weddings, galas or work functions: a polished companion who puts everyone at ease.',
  },
  {
    title: 'Weekend travel companion',
    description: 'Easy-going company for weekend getaways, city breaks and scenic drives.',
  },
  {
    title: 'Warm conversation and good company',
    description: 'Relaxed evenings, coffee or a walk by the water. Friendly and a good listener.',
  },
  {
    title: 'Sophisticated gala night companion',
    description: 'Formal events and black-tie evenings with a confident, well-read companion.',
  },
  {
    title: 'City tours and relaxed evenings',
    description: 'Show me your favourite spots or let me show you mine. Laid-back and fun.',
  },
  {
    title: 'Theatre and concert companion',
    description: 'Shows, concerts and late suppers. A love of music and good stories.',
  },
  {
    title: 'Fitness and outdoors companion',
    description: 'Hikes, paddling or a game of tennis, followed by a well-earned meal.',
  },
  {
    title: 'Art gallery and brunch date',
    description: 'Slow Sunday mornings, galleries and brunch. Curious and easy to talk to.',
  },
  {
    title: 'Friendly companion for newcomers',
    description: 'New in town? Company for exploring neighbourhoods, restaurants and events.',
  },
]

export function copyFor(category: CategoryKey, copyIndex: number, language: Language = 'en'): DemoAdCopy {
  const french = language === 'fr'
  const list =
    category === 'adult-services'
      ? french
        ? COMPANION_COPY_FR
        : COMPANION_COPY
      : french
        ? COPY_FR[category]
        : COPY[category]
  // list lengths are fixed above and never zero
  return list[copyIndex % list.length] as DemoAdCopy
}
