// The server's 18+ gate (docs/decisions/029-first-visit.md). A visitor without the consent cookie gets
// every page (home, listing, ad page, any app shell) with the gate written before #root, in the page's
// language, and #root marked `inert`: the gate is in the first paint, and it works with no JavaScript
// (a form that POSTs to src/server/routes/adult-gate.ts and comes back with the cookie set). A visitor
// with the cookie gets the page as it is. The gate's markup and inline script come from the build
// (scripts/vite/adult-gate.ts), from the client's own components and catalogs.
//
// Caches of whole pages must keep the two variants apart: a page with the gate and one without differ
// by the cookie alone (the answers say `Vary: Cookie`), and the gate's form names the page's own URL.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ADULT_COOKIE, ADULT_GATE_SLOTS, type AdultGateBuild } from '#domain/adult-gate.ts'
import { escapeHtml } from '#domain/html-escape.ts'
import { LANGUAGES, type Language } from '#domain/languages.ts'
import { chosenEncoding, compress } from '#server/http/content-encoding.ts'
import { appendVary } from '#server/http/vary.ts'
import { pageLanguage, varyOnLanguage } from './page-language.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's 18+ gate, or null without a build (the app then shows its own). */
    adultGate: AdultGate | null
  }
}

const ROOT_OPEN = '<div id="root"'
const COOKIE = new RegExp(`(?:^|;\\s*)${ADULT_COOKIE.name}=${ADULT_COOKIE.value}(?:;|$)`)

/** Whether the visitor confirmed they are 18 or older (the gate's cookie). */
export function adultConfirmed(request: FastifyRequest): boolean {
  return COOKIE.test(request.headers.cookie ?? '')
}

/**
 * A path of this site to come back to: its path and query, never another origin (`//evil`, `/\evil`,
 * an absolute URL) nor a line break a header would refuse. Anything else comes back home.
 */
export function sameSitePath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\\\r\n]/.test(value)) return '/'
  try {
    const url = new URL(value, 'http://page')
    const path = `${url.pathname}${url.search}`
    // checked again once normalised: `/.//evil.example/x` becomes `//evil.example/x`, another origin
    return url.origin === 'http://page' && !path.startsWith('//') ? path : '/'
  } catch {
    return '/'
  }
}

/** The same page in the other language, as the gate's language link names it. */
function inLanguage(path: string, language: Language): string {
  const url = new URL(path, 'http://page')
  url.searchParams.set('lang', language)
  return `${url.pathname}${url.search}`
}

function isGateBuild(value: unknown): value is AdultGateBuild {
  const gate = value as Partial<AdultGateBuild> | null
  return (
    typeof gate?.script === 'string' &&
    LANGUAGES.every((language) => typeof gate.markup?.[language] === 'string')
  )
}

export class AdultGate {
  /** The inline script's CSP source (`'sha256-…'`): the pages' CSP allows this script and no other inline one. */
  readonly scriptSource: string
  readonly #build: AdultGateBuild
  readonly #shells = new Map<string, string>()

  constructor(build: AdultGateBuild) {
    this.#build = build
    this.scriptSource = `'sha256-${createHash('sha256').update(build.script).digest('base64')}'`
  }

  /**
   * The page with the gate in it, in `language`, its form coming back to `returnTo` (a path of this
   * site). Only for a visitor without the cookie: the caller asks `adultConfirmed` first.
   */
  gated(html: string, language: Language, returnTo: string): string {
    const at = html.indexOf(ROOT_OPEN)
    if (at < 0) throw new Error(`page lacks ${ROOT_OPEN}`)
    const back = sameSitePath(returnTo)
    const other = language === 'en' ? 'fr' : 'en'
    const gate = this.#build.markup[language]
      .replace(ADULT_GATE_SLOTS.returnTo, () => escapeHtml(back))
      .replace(ADULT_GATE_SLOTS.otherLanguage, () => escapeHtml(inLanguage(back, other)))
    return `${html.slice(0, at)}${gate}<script>${this.#build.script}</script>${ROOT_OPEN} inert${html.slice(at + ROOT_OPEN.length)}`
  }

  /**
   * Sends one of the build's HTML shells (an app page such as /login, or a listing's shell) with the
   * gate in it, compressed for this request: the gate names the page's own URL, so the bytes are
   * made per request (a shell is a few kilobytes).
   */
  sendShell(request: FastifyRequest, reply: FastifyReply, file: string): FastifyReply {
    let shell = this.#shells.get(file)
    if (shell === undefined) {
      shell = readFileSync(file, 'utf8')
      this.#shells.set(file, shell)
    }
    const path = request.raw.url ?? request.url
    const html = this.gated(shell, pageLanguage(request, new URL(path, 'http://page')), path)
    const encoding = chosenEncoding(request.headers['accept-encoding'])
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache')
    appendVary(reply, 'Accept-Encoding')
    varyOnLanguage(reply)
    if (encoding === 'identity') return reply.send(html)
    return reply.header('content-encoding', encoding).send(compress(html, encoding))
  }
}

/** Where the build writes the gate: dist/gate beside dist/client (STATIC_DIR). */
export function adultGateFile(staticDir: string): string {
  return join(resolve(staticDir), '..', 'gate', 'adult-gate.json')
}

/**
 * The build's gate, or null when there is none (the API tests, an API-only deployment): pages then go
 * out as they are and the app shows its own gate, as before.
 */
export function loadAdultGate(staticDir: string): AdultGate | null {
  const file = adultGateFile(staticDir)
  if (!existsSync(file)) return null
  const build: unknown = JSON.parse(readFileSync(file, 'utf8'))
  if (!isGateBuild(build)) throw new Error(`${file} is not the 18+ gate the build writes`)
  return new AdultGate(build)
}
