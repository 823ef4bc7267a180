/**
 * The list a new install starts with: words that point to minors, coercion or trafficking, in
 * English and in Canadian French. Seeded once; admins own the list after that.
 *
 * Choices, since every phrase here also rejects some honest ads:
 * - a phrase matches whole words only, so plurals and derived forms are listed on their own
 *   ("teen", "teens", "teenage"); spelled-out evasions ("t33n", "t e e n") need no entries.
 * - a phrase of several words also matches its words run together, so "under age" catches
 *   "underage" and "under-age" too (while "underage" would miss "under age"): listed that way.
 * - "minor" alone is left out: "minor wear", "minor scratch" are everyday words in the buy & sell
 *   category. "minors" and "minor girl" stay, as do the French "mineure(s)" (a girl under age);
 *   "mineur" is left out because it also means a miner.
 * - "barely legal" is in: it is a genre name, but it sells youth rather than adulthood, and an
 *   advertiser who is 18+ loses nothing by rewording.
 * - "forced" is in even though "forced-air heater" trips it: on an adult board the cost of
 *   letting a coercion ad through outweighs a rewording.
 * - "rape" alone is left out because the French "râpé" (grated) folds to it; "raped" stays.
 * - "under 18" is left out because honest ads say "no one under 18".
 */
export const DEFAULT_BANNED_PHRASES: readonly string[] = [
  // minors
  'under age',
  'underaged',
  'minors',
  'minor girl',
  'child',
  'children',
  'kid',
  'kids',
  'teen',
  'teens',
  'teenage',
  'teenager',
  'preteen',
  'tween',
  'school girl',
  'schoolboy',
  'jailbait',
  'lolita',
  'loli',
  'young girl',
  'young boy',
  'little girl',
  'barely legal',
  'pedo',
  // Canadian French
  'mineure',
  'mineures',
  'enfant',
  'fillette',
  'écolière',
  'adolescente',
  // coercion
  'forced',
  'no choice',
  'against her will',
  'against my will',
  'unwilling',
  'coerced',
  'drugged',
  'non consensual',
  'raped',
  // trafficking
  'trafficked',
  'trafficking',
  'human trafficking',
  'debt bondage',
]
