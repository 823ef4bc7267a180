// The post and edit forms' rules: what the seller types becomes a valid ad here, so
// the same rules are unit-tested without a browser. The form's values are kept as typed (the price
// as text) and autosaved; a stored draft that is partly broken keeps what still fits.
import { z } from 'zod'
import type { Ad } from './ad.ts'
import { AdWriteSchema } from './api/ads.ts'
import { CATEGORY_KEYS, COMPANION_TYPES, DEFAULT_CATEGORY, SERVICES_CATEGORY } from './categories.ts'
import { CONTACT_PLATFORMS, MAX_PHOTOS, MAX_VIDEOS_POST, PRICE_UNITS } from './constants.ts'
import type { ModerationState, PostDraft } from './post-draft.ts'
import { findProvince, PROVINCE_CODES, type ProvinceCode } from './provinces.ts'

export const MAX_VIDEOS_EDIT = 2

/**
 * The spec's post form offers only ON, BC, QC and AB. We offer all 13 provinces and territories
 * (an ad in Halifax is as real as one in Toronto), with those four first as the spec orders them.
 */
export const POST_FORM_PROVINCES: readonly ProvinceCode[] = [
  'ON',
  'BC',
  'QC',
  'AB',
  ...PROVINCE_CODES.filter((code) => !['ON', 'BC', 'QC', 'AB'].includes(code)),
]

export type FormMode = 'post' | 'edit'

export function maxVideos(mode: FormMode): number {
  return mode === 'post' ? MAX_VIDEOS_POST : MAX_VIDEOS_EDIT
}

/** The largest side of a stored photo: enough for a full-screen view, small enough for IndexedDB. */
export const MAX_PHOTO_DIMENSION = 1600

/** The size a photo is scaled to so neither side exceeds `max`; never scaled up. */
export function fitWithin(
  width: number,
  height: number,
  max = MAX_PHOTO_DIMENSION,
): { width: number; height: number } {
  if (width <= max && height <= max) return { width, height }
  const scale = max / Math.max(width, height)
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/**
 * Price is optional; anything that is not a number reads as 0, shown as 'Contact
 * for price'. A leading $ and thousands separators are what people type, so they are allowed.
 */
export function parsePrice(text: string): number {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim()
  if (cleaned === '') return 0
  const value = Number(cleaned)
  if (!Number.isFinite(value) || value < 0) return 0
  return Math.round(value * 100) / 100
}

/** A website lacking a scheme gets https:// (people type 'example.com'); blank stays blank. */
export function normalizeWebsite(text: string): string {
  const value = text.trim()
  if (value === '') return ''
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return value
  return `https://${value.replace(/^\/+/, '')}`
}

/** Adds chosen media to a list, keeping at most `max`; `dropped` tells how many did not fit. */
export function addWithinLimit<T>(
  current: readonly T[],
  added: readonly T[],
  max: number,
): { items: T[]; dropped: number } {
  const room = Math.max(0, max - current.length)
  return { items: [...current, ...added.slice(0, room)], dropped: Math.max(0, added.length - room) }
}

/** The list with the item at `from` moved to `to` (the photos' order: the first is the cover). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items]
  if (from < 0 || from >= moved.length || to < 0 || to >= moved.length) return moved
  const [item] = moved.splice(from, 1)
  if (item !== undefined) moved.splice(to, 0, item)
  return moved
}

/**
 * A province change keeps the city only when it belongs to the new province (editing an ad works the same way).
 * `cities` are the new province's places when known (the API's list); the major cities always count.
 */
export function cityAfterProvinceChange(
  city: string,
  province: string,
  cities: readonly string[] = [],
): string {
  const name = city.trim().toLowerCase()
  if (name === '') return ''
  const known = [...(findProvince(province)?.cities ?? []), ...cities].map((c) => c.toLowerCase())
  return known.includes(name) ? city : ''
}

// ---- The form's values ---------------------------------------------------------------------------

const text = z.string().catch('')

export const AdFormValuesSchema = z.object({
  title: text,
  category: z.enum(CATEGORY_KEYS).catch(DEFAULT_CATEGORY),
  escortType: z.enum([...COMPANION_TYPES, '']).catch(''),
  province: z.enum(PROVINCE_CODES).catch('ON'),
  city: text,
  /** as typed; parsePrice makes it a number when the ad is made */
  price: text,
  priceUnit: z.enum(PRICE_UNITS).catch('per_unit'),
  description: text,
  /** image URLs or blob references (post-draft.ts), in order */
  photos: z.array(z.string()).catch([]),
  videos: z.array(z.string()).catch([]),
  phone: text,
  email: text,
  website: text,
  handle: text,
  contactPlatform: z.enum([...CONTACT_PLATFORMS, '']).catch(''),
  /**
   * Adult Companions only: the advertiser's confirmation that they are 18 or older and offer only their
   * own time and company. Asked again on every post and edit, so an ad opened for editing starts without
   * it (docs/decisions/049-open-in-canada.md).
   */
  ownServicesConfirmed: z.boolean().catch(false),
})
export type AdFormValues = z.infer<typeof AdFormValuesSchema>

export function emptyFormValues(): AdFormValues {
  return AdFormValuesSchema.parse({})
}

/** The fields a problem can be shown on (the contact details each on its own input). */
export type AdFormField =
  | 'title'
  | 'city'
  | 'price'
  | 'description'
  | 'photos'
  | 'videos'
  | 'phone'
  | 'email'
  | 'website'
  | 'handle'
  | 'ownServicesConfirmed'

export type AdFieldProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'tooLarge'; max: number }
  | { kind: 'tooMany'; max: number }
  | { kind: 'invalid' }
  /** the server's banned-phrase check found these phrases in the field, as its list spells them */
  | { kind: 'banned'; phrases: string[] }
  /** an Adult Companions ad without the advertiser's confirmation that it is their own */
  | { kind: 'unconfirmed' }

export type AdFormErrors = Partial<Record<AdFormField, AdFieldProblem>>

// The server's own write schema, without the media (the form holds device blobs and URLs until
// checkout uploads them; their counts are checked below): what the form lets through, the API takes.
const FormWriteSchema = AdWriteSchema.omit({ images: true, videos: true })
const FIELDS_WITH_RULES = new Set<string>([
  'title',
  'city',
  'price',
  'description',
  'phone',
  'email',
  'website',
  'handle',
])

function problemOf(issue: z.core.$ZodIssue): AdFieldProblem {
  if (issue.code === 'too_small') return { kind: 'required' }
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum)
    return issue.origin === 'number' ? { kind: 'tooLarge', max } : { kind: 'tooLong', max }
  }
  return { kind: 'invalid' }
}

/** The form's problems, by field: the API's rules (AdWriteSchema) plus the media limits of the mode. */
export function validateAdForm(values: AdFormValues, mode: FormMode): AdFormErrors {
  const errors: AdFormErrors = {}
  const { images: _images, videos: _videos, ...fields } = formToAdFields(values)
  const parsed = FormWriteSchema.safeParse(fields)
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    // contact details are nested in the payload and flat on the form
    const field = String(issue.path[0] === 'contact' ? issue.path[1] : issue.path[0])
    if (FIELDS_WITH_RULES.has(field)) errors[field as AdFormField] ??= problemOf(issue)
  }
  if (values.photos.length > MAX_PHOTOS) errors.photos = { kind: 'tooMany', max: MAX_PHOTOS }
  if (values.videos.length > maxVideos(mode)) errors.videos = { kind: 'tooMany', max: maxVideos(mode) }
  if (values.category === SERVICES_CATEGORY && !values.ownServicesConfirmed)
    errors.ownServicesConfirmed = { kind: 'unconfirmed' }
  return errors
}

/**
 * The banned-phrase check's answer as field problems: each phrase is named on the field it was found
 * in (the check reads title and description apart, like the server's ad routes).
 */
export function bannedPhraseErrors(found: {
  title: readonly string[]
  description: readonly string[]
}): AdFormErrors {
  const errors: AdFormErrors = {}
  if (found.title.length > 0) errors.title = { kind: 'banned', phrases: [...found.title] }
  if (found.description.length > 0) errors.description = { kind: 'banned', phrases: [...found.description] }
  return errors
}

export function hasErrors(errors: AdFormErrors): boolean {
  return Object.values(errors).some(Boolean)
}

/** The ad's fields as the form makes them (shared by the post draft and the edit patch). */
export function formToAdFields(values: AdFormValues) {
  const isServices = values.category === SERVICES_CATEGORY
  return {
    title: values.title.trim(),
    category: values.category,
    escortType: isServices && values.escortType !== '' ? values.escortType : null,
    province: values.province,
    city: values.city.trim(),
    price: parsePrice(values.price),
    priceUnit: values.priceUnit,
    description: values.description.trim(),
    images: values.photos.slice(0, MAX_PHOTOS),
    videos: values.videos,
    contact: {
      phone: values.phone.trim(),
      email: values.email.trim(),
      website: normalizeWebsite(values.website),
      handle: values.handle.trim(),
    },
    contactPlatform: values.contactPlatform === '' ? undefined : values.contactPlatform,
    ownServicesConfirmed: isServices ? values.ownServicesConfirmed : undefined,
  }
}

export function formToDraft(values: AdFormValues, id: string, moderation: ModerationState): PostDraft {
  const fields = formToAdFields(values)
  return { ...fields, id, videos: fields.videos.slice(0, MAX_VIDEOS_POST), moderation }
}

/** The form's values for an ad being edited (an ad kept on the device, or the owner's server ad). */
export function adToFormValues(
  ad: Pick<
    Ad,
    'title' | 'category' | 'province' | 'city' | 'price' | 'priceUnit' | 'description' | 'images' | 'videos'
  > & {
    escortType?: Ad['escortType']
    contact: Ad['contact']
    contactPlatform?: Ad['contactPlatform'] | null
  },
): AdFormValues {
  return AdFormValuesSchema.parse({
    title: ad.title,
    category: ad.category,
    escortType: ad.escortType ?? '',
    province: ad.province,
    city: ad.city,
    price: ad.price > 0 ? String(ad.price) : '',
    priceUnit: ad.priceUnit,
    description: ad.description,
    photos: ad.images,
    videos: ad.videos,
    phone: ad.contact?.phone ?? '',
    email: ad.contact?.email ?? '',
    website: ad.contact?.website ?? '',
    handle: ad.contact?.handle ?? '',
    contactPlatform: ad.contactPlatform ?? '',
  })
}
