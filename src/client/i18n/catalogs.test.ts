import { describe, expect, it } from 'vitest'
import { CATEGORIES, COMPANION_LABELS } from '#domain/categories.ts'
import { formatCad, formatFee } from '#domain/money.ts'
import { PROVINCES } from '#domain/provinces.ts'
import { en } from './en.ts'
import { enAdmin } from './en-admin.ts'
import { enAuthScreens } from './en-auth-screens.ts'
import { enLegal } from './en-legal.ts'
import { enPayments } from './en-payments.ts'
import { enManage, enPost } from './en-post.ts'
import { enPrivacy } from './en-privacy.ts'
import { enReview } from './en-reports.ts'
import { enVerification } from './en-verification.ts'
import { fr } from './fr.ts'
import { frAdmin } from './fr-admin.ts'
import { frAuthScreens } from './fr-auth-screens.ts'
import { frLegal } from './fr-legal.ts'
import { frPayments } from './fr-payments.ts'
import { frManage, frPost } from './fr-post.ts'
import { frPrivacy } from './fr-privacy.ts'
import { frReview } from './fr-reports.ts'
import { frVerification } from './fr-verification.ts'

/** Every leaf of a catalog as path → text; a leaf that is not a string is reported as such. */
function leaves(node: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      for (const [p, v] of leaves(value, path ? `${path}.${key}` : key)) out.set(p, v)
    }
    return out
  }
  out.set(path, node)
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

const pairs = [
  ['the main catalog', en, fr],
  ['the payments catalog', enPayments, frPayments],
  ['the legal catalog', enLegal, frLegal],
  ['the post and manage catalog', { post: enPost, manage: enManage }, { post: frPost, manage: frManage }],
  [
    'the review and admin catalog',
    { review: enReview, admin: enAdmin },
    { review: frReview, admin: frAdmin },
  ],
  ['the privacy catalog', enPrivacy, frPrivacy],
  ['the account screens catalog', enAuthScreens, frAuthScreens],
  ['the verification catalog', enVerification, frVerification],
] as const

describe.each(pairs)('%s in English and French', (_name, english, french) => {
  const enLeaves = leaves(english)
  const frLeaves = leaves(french)

  it('has the same keys in both languages', () => {
    expect([...frLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort())
  })

  it('has no empty message in either language', () => {
    for (const [lang, map] of [
      ['en', enLeaves],
      ['fr', frLeaves],
    ] as const) {
      const empty = [...map].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([p]) => p)
      expect(empty, `empty or non-text messages in ${lang}`).toEqual([])
    }
  })

  it('uses the same {placeholders} in both languages', () => {
    const differing = [...enLeaves]
      .filter(([path, text]) => {
        const other = frLeaves.get(path)
        return typeof text === 'string' && typeof other === 'string'
          ? placeholders(text).join() !== placeholders(other).join()
          : false
      })
      .map(([path]) => path)
    expect(differing).toEqual([])
  })
})

describe('the catalog helpers themselves', () => {
  it('finds a missing key, an empty message and a changed placeholder', () => {
    const a = leaves({ x: { y: 'Hello {name}' }, z: '' })
    expect([...a.keys()]).toEqual(['x.y', 'z'])
    expect(placeholders('Hi {name}, {count} ads')).toEqual(['count', 'name'])
  })
})

describe('names the domain also holds', () => {
  it('reads the English category, companion and province names exactly as the domain has them', () => {
    for (const c of CATEGORIES) expect(en.names.categories[c.key]).toBe(c.label)
    for (const [key, label] of Object.entries(COMPANION_LABELS)) {
      expect(en.names.companions[key as keyof typeof COMPANION_LABELS]).toBe(label)
    }
    for (const p of PROVINCES) expect(en.names.provinces[p.code]).toBe(p.name)
  })
})

describe('money in each locale', () => {
  it('writes dollars the English way and the French Canadian way', () => {
    // Intl puts a no-break space before the French dollar sign
    expect(formatCad(200)).toBe('$2.00')
    expect(formatCad(200, 'fr-CA').replace(/\s/g, ' ')).toBe('2,00 $')
    expect(formatFee(100, 'fr-CA').replace(/\s/g, ' ')).toBe('1 $')
    expect(frManage.bumpLabel.replace(/\s/g, ' ')).toBe('Remonter {title} en tête de liste pour 1 $')
  })
})
