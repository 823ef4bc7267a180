// Writes the stock images every generated ad shows (public/stock/<category>-<n>.svg, n = 1..4).
// Drawn as code so they stay tiny (a few hundred bytes, precached by the service worker) and tasteful:
// a gradient, soft circles and the category's motif, nothing explicit.
// Run: node --import tsx scripts/make-stock-images.ts
import { writeFileSync } from 'node:fs'
import { CATEGORY_KEYS, type CategoryKey } from '../src/domain/categories.ts'

const PALETTES: Record<CategoryKey, [string, string][]> = {
  'adult-buy-sell': [
    ['#e11d48', '#7c2d12'],
    ['#be123c', '#312e81'],
    ['#f43f5e', '#9a3412'],
    ['#9f1239', '#18181b'],
  ],
  'adult-castings': [
    ['#7c3aed', '#1e1b4b'],
    ['#6d28d9', '#831843'],
    ['#8b5cf6', '#0f172a'],
    ['#5b21b6', '#be185d'],
  ],
  'adult-pics-vids': [
    ['#0891b2', '#1e3a8a'],
    ['#0e7490', '#4c1d95'],
    ['#06b6d4', '#134e4a'],
    ['#155e75', '#18181b'],
  ],
  'adult-services': [
    ['#db2777', '#4c0519'],
    ['#be185d', '#3b0764'],
    ['#ec4899', '#7f1d1d'],
    ['#9d174d', '#18181b'],
  ],
}

const MOTIFS: Record<CategoryKey, string> = {
  'adult-buy-sell':
    '<path d="M155 125h90l12 85H143z"/><path d="M178 125v-14a22 22 0 0 1 44 0v14" fill="none" stroke="#fff" stroke-width="9"/>',
  'adult-castings':
    '<rect x="140" y="130" width="120" height="80" rx="8"/><path d="M140 105l116-20 4 24-116 20z"/><path d="M165 101l16 22M200 95l16 22M235 89l16 22" stroke="#000" stroke-opacity=".25" stroke-width="8"/>',
  'adult-pics-vids':
    '<path d="M150 120h25l10-16h30l10 16h25a10 10 0 0 1 10 10v70a10 10 0 0 1-10 10H150a10 10 0 0 1-10-10v-70a10 10 0 0 1 10-10z"/><circle cx="200" cy="165" r="27" fill="#000" fill-opacity=".25"/>',
  'adult-services': '<path d="M200 215l-52-50a32 32 0 0 1 52-40 32 32 0 0 1 52 40z"/>',
}

// Decorative circles differ per variant so the four images of a category don't look alike.
const CIRCLES: [number, number, number][][] = [
  [
    [60, 50, 70],
    [350, 260, 90],
  ],
  [
    [340, 40, 60],
    [40, 250, 80],
  ],
  [
    [200, -20, 90],
    [380, 200, 50],
  ],
  [
    [20, 150, 60],
    [320, 300, 110],
  ],
]

function svg(key: CategoryKey, n: number): string {
  const [from, to] = PALETTES[key][n - 1] ?? ['#18181b', '#27272a']
  const circles = (CIRCLES[n - 1] ?? [])
    .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity=".08"/>`)
    .join('')
  const angle = (n - 1) * 45
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="400" height="300" fill="url(#g)"/>${circles}` +
    `<g fill="#fff" fill-opacity=".9">${MOTIFS[key]}</g></svg>\n`
  )
}

for (const key of CATEGORY_KEYS) {
  for (let n = 1; n <= 4; n++) {
    writeFileSync(new URL(`../public/stock/${key}-${n}.svg`, import.meta.url), svg(key, n))
  }
}
