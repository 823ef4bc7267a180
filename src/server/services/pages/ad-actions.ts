// An ad page's Reveal and Report without the app (src/server/routes/ad-actions.ts): the ad's page as
// the server renders it, with the form that was sent replaced by the next step (the typed-code form,
// the contact, the report form, a confirmation). The markup and words come from the build
// (scripts/vite/ad-actions.ts → dist/fragments/ad-actions.json), from the client's components and
// catalogs; the server fills slots and escapes what it puts in.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { FastifyRequest } from 'fastify'
import type { Contact } from '#domain/ad.ts'
import {
  AD_ACTION_ATTRIBUTE,
  AD_ACTION_SLOTS,
  type AdActionsBuild,
  type AdActionsMarkup,
} from '#domain/ad-actions.ts'
import type { ContactPlatform } from '#domain/constants.ts'
import { type ContactRow, contactRows } from '#domain/contact-rows.ts'
import { escapeHtml } from '#domain/html-escape.ts'
import { LANGUAGES } from '#domain/languages.ts'
import { generateRevealCode, normalizeRevealCode } from '#domain/reveal.ts'

/** How long a typed-code challenge stays good: a person types five letters in seconds. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000

function isBuild(value: unknown): value is AdActionsBuild {
  const build = value as Partial<AdActionsBuild> | null
  return LANGUAGES.every(
    (language) =>
      typeof build?.[language]?.challenge === 'string' && typeof build[language]?.reportForm === 'string',
  )
}

/** Where the build writes it: dist/fragments beside dist/client (STATIC_DIR). */
export function adActionsFile(staticDir: string): string {
  return join(resolve(staticDir), '..', 'fragments', 'ad-actions.json')
}

/** The build's markup, or null without a build (the forms then answer 404: the app handles them). */
export function loadAdActionsBuild(staticDir: string): AdActionsBuild | null {
  const file = adActionsFile(staticDir)
  if (!existsSync(file)) return null
  const build: unknown = JSON.parse(readFileSync(file, 'utf8'))
  if (!isBuild(build)) throw new Error(`${file} is not what the build writes for an ad page's forms`)
  return build
}

/**
 * The typed-code challenge, signed so the server needs to keep nothing: `expiry.signature`, the
 * signature over the ad, the code and the expiry. The code is in the page the visitor reads, as in
 * the app: a light human check against casual scraping (src/domain/reveal.ts), not a secret.
 */
/** `<expiry in ms>.<base64url HMAC-SHA256>` and nothing else (43 characters: 32 bytes unpadded). */
const CHALLENGE = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/

export class RevealChallenges {
  readonly #key: Buffer
  constructor(
    secret: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = secret ? Buffer.from(secret) : randomBytes(32)
  }

  #sign(adId: string, code: string, expiry: number): string {
    return createHmac('sha256', this.#key).update(`${adId}\n${code}\n${expiry}`).digest('base64url')
  }

  issue(adId: string): { code: string; challenge: string } {
    const code = generateRevealCode(() => randomInt(0, 2 ** 32) / 2 ** 32)
    const expiry = this.now() + CHALLENGE_TTL_MS
    return { code, challenge: `${expiry}.${this.#sign(adId, code, expiry)}` }
  }

  /**
   * Whether `typed` is the challenge's code (forgiving case and stray spaces, as the app does), in
   * time. The challenge must be exactly as issued: decimal milliseconds, a dot, the signature; no
   * spaces, no hexadecimal or exponent spellings of the expiry, nothing after.
   */
  check(adId: string, challenge: string, typed: string): boolean {
    const parts = CHALLENGE.exec(challenge)
    if (!parts) return false
    const [, expiryText = '', signature = ''] = parts
    const expiry = Number(expiryText)
    if (!Number.isSafeInteger(expiry) || expiry < this.now()) return false
    const code = normalizeRevealCode(typed)
    const expected = Buffer.from(this.#sign(adId, code, expiry))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }
}

/**
 * Whether a form post comes from this site's own pages (CSRF). Browsers say so in `Sec-Fetch-Site`
 * whatever the referrer policy; our pages send `Referrer-Policy: no-referrer`, which makes a form's
 * `Origin` "null", so Origin and Referer are only asked of a browser too old to send the former, and
 * must then name this site (its public URL, or the host it was asked of). Neither: refused.
 */
export function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined) return site === 'same-origin'
  const origin = request.headers.origin ?? request.headers.referer
  if (!origin || origin === 'null') return false
  let from: string
  try {
    from = new URL(origin).origin
  } catch {
    return false
  }
  return from === new URL(publicUrl).origin || from === `${request.protocol}://${request.host}`
}

/** The page with the form marked `action` (reveal, report) replaced by `fragment`, or null when absent. */
export function replaceForm(html: string, action: 'reveal' | 'report', fragment: string): string | null {
  const mark = `${AD_ACTION_ATTRIBUTE}="${action}"`
  const at = html.indexOf(mark)
  if (at < 0) return null
  const start = html.lastIndexOf('<form', at)
  const end = html.indexOf('</form>', at)
  if (start < 0 || end < 0) return null
  return `${html.slice(0, start)}${fragment}${html.slice(end + '</form>'.length)}`
}

export function challengeMarkup(
  markup: AdActionsMarkup,
  action: string,
  issued: { code: string; challenge: string },
  failed: boolean,
): string {
  return (failed ? markup.challengeFailed : markup.challenge)
    .replaceAll(AD_ACTION_SLOTS.action, () => escapeHtml(action))
    .replaceAll(AD_ACTION_SLOTS.code, () => escapeHtml(issued.code))
    .replaceAll(AD_ACTION_SLOTS.letters, () => escapeHtml(issued.code.split('').join(' ')))
    .replaceAll(AD_ACTION_SLOTS.challenge, () => escapeHtml(issued.challenge))
}

export function reportFormMarkup(markup: AdActionsMarkup, action: string): string {
  return markup.reportForm.replaceAll(AD_ACTION_SLOTS.action, () => escapeHtml(action))
}

/** A sentence in place of a form: a confirmation (status) or a refusal (alert). */
export function sentence(text: string, kind: 'status' | 'alert'): string {
  const tone = kind === 'alert' ? 'font-medium text-destructive' : 'text-muted-foreground'
  return `<p role="${kind}" class="text-sm ${tone}">${escapeHtml(text)}</p>`
}

const LINK = 'text-primary underline-offset-4 hover:underline'

function contactValue(row: ContactRow): string {
  const text = escapeHtml(row.text)
  if (row.href === null) return text
  // the advertiser's own website opens apart from the ad, and passes no trust to it
  const external = row.field === 'website' ? ' target="_blank" rel="noopener noreferrer nofollow"' : ''
  return `<a class="${LINK}" href="${escapeHtml(row.href)}"${external}>${text}</a>`
}

/** The contact as the app's reveal shows it (src/client/features/listing/components/revealed-contact.tsx). */
export function contactMarkup(
  markup: AdActionsMarkup,
  contact: Contact,
  platform: ContactPlatform | null | undefined,
): string {
  const labels = markup.labels
  const rows = contactRows(contact, platform).map((row) => {
    const platform = row.platform ? labels.platforms[row.platform] : undefined
    const on = platform ? `<span class="text-muted-foreground"> (${escapeHtml(platform)})</span>` : ''
    const wide = row.field === 'phone' ? '' : ' class="break-all"'
    return `<div class="contents"><dt class="font-medium text-muted-foreground">${escapeHtml(labels[row.field])}</dt><dd${wide}>${contactValue(row)}${on}</dd></div>`
  })
  if (rows.length === 0) return sentence(labels.noContact, 'status')
  return `<div role="status"><dl class="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">${rows.join('')}</dl></div>`
}
