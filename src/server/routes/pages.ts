import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlib } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type Language, withLanguageParam } from '#domain/languages.ts'
import { LISTING_SEARCH_KEYS } from '#domain/listing.ts'
import type { RenderedPage } from '#domain/pages.ts'
import {
  AD_PAGE_SPECULATION_RULES_TEXT,
  SPECULATION_RULES_PATH,
  SPECULATION_RULES_TYPE,
} from '#domain/speculation-rules.ts'
import { keepAnswer, keptAnswers } from '#server/http/answer-cache.ts'
import { type ContentEncoding, chosenEncoding } from '#server/http/content-encoding.ts'
import { appendVary } from '#server/http/vary.ts'
import { adultConfirmed } from '#server/services/pages/adult-gate.ts'
import { isCrawler } from '#server/services/pages/crawlers.ts'
import type { PageCaches, SentPage } from '#server/services/pages/page-cache.ts'
import {
  composePageHtml,
  inlineScriptSources,
  withHomeHead,
  withScriptSources,
} from '#server/services/pages/page-html.ts'
import { pageLanguage, varyOnLanguage } from '#server/services/pages/page-language.ts'

// A render takes milliseconds; one that has not answered in this time (a stuck database) must not hold
// the visitor: the shell goes out and the browser renders the page itself. Not a crawler: it runs no
// script, so the shell would be an empty page to it; it waits (the request deadline still bounds it).
const RENDER_TIMEOUT_MS = 3_000

function withinTimeout<T>(work: Promise<T>, request: FastifyRequest): Promise<T> {
  if (isCrawler(request.headers['user-agent'])) return work
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no render within ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

function encodingFor(request: FastifyRequest): ContentEncoding {
  return chosenEncoding(request.headers['accept-encoding'])
}

function encode(html: string, encoding: ContentEncoding): Promise<Buffer | string> {
  if (encoding === 'br') return brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
  if (encoding === 'gzip') return gzipped(html)
  return Promise.resolve(html)
}

function sendHtml(
  reply: FastifyReply,
  body: Buffer | string,
  encoding: ContentEncoding,
  status: number,
  gated: boolean,
) {
  // the first cards' pages rendered and fetched ahead of a tap; not while the 18+ gate shows (src/domain/speculation-rules.ts)
  if (!gated) reply.header('speculation-rules', `"${SPECULATION_RULES_PATH}"`)
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    // the listing changes with every new ad: always asked again, never served stale
    .header('cache-control', 'no-cache')
  appendVary(reply, 'Accept-Encoding')
  varyOnLanguage(reply)
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  return reply.send(body)
}

function sendPage(reply: FastifyReply, page: SentPage, encoding: ContentEncoding) {
  if (page.noindex) reply.header('x-robots-tag', 'noindex')
  const policy = reply.getHeader('content-security-policy')
  if (typeof policy === 'string')
    reply.header('content-security-policy', withScriptSources(policy, page.scriptSources))
  return sendHtml(reply, page.body, encoding, page.status, page.gated)
}

/**
 * A repeat of this very request (URL, cookies, encoding and languages as sent) is then answered before
 * Fastify, as decision 020 answers API repeats, for as long as the page cache holds these bytes and
 * their render is the kept one, fresh: a hit through Fastify's request life cycle, its hooks and
 * headers, cost three times the bare route's time. An aged render goes back through the route, which
 * has it made again.
 */
function keepWhole(
  reply: FastifyReply,
  caches: PageCaches,
  keys: { answerKey: string; renderKey: string },
  sent: SentPage,
) {
  keepAnswer(
    reply,
    () =>
      caches.answers.look(keys.answerKey)?.value === sent && caches.renders.get(keys.renderKey) === sent.from,
  )
}

function sizeOf(page: RenderedPage): { bytes: number; staleAt?: number | null } {
  return { bytes: page.html.length + page.scripts.length + page.preloads.length, staleAt: page.staleAt }
}

/** A page made for this request: compressed for it (@fastify/static's precompressed files cannot help). */
async function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  status: number,
  gated: boolean,
) {
  const encoding = encodingFor(request)
  return sendHtml(reply, await encode(html, encoding), encoding, status, gated)
}

/** Whether this visitor gets the server's 18+ gate: there is one (a build) and they have not confirmed. */
function gateShown(app: FastifyInstance, request: FastifyRequest): boolean {
  return app.adultGate !== null && !adultConfirmed(request)
}

/**
 * The page as this visitor gets it: with the server's 18+ gate unless they confirmed (the cookie), its
 * form coming back to this URL (services/pages/adult-gate.ts). A cache of pages must key on that too.
 */
function withGate(
  app: FastifyInstance,
  request: FastifyRequest,
  html: string,
  language: Language,
  returnTo = request.raw.url ?? request.url,
): string {
  if (!app.adultGate || !gateShown(app, request)) return html
  return app.adultGate.gated(html, language, returnTo)
}

/**
 * Listing pages and ad pages, rendered on the server from the app's own routes and components
 * (src/client/entry-server.tsx), so the first paint needs no JavaScript and no API round trip, and
 * search engines and link previews read the ads (docs/decisions/017-pages.md). When the render bundle is
 * absent (plugins/page-renderer.ts), or a render fails, the client-rendered shell goes out instead: a
 * page never fails here.
 */
export default async function pageRoutes(app: FastifyInstance): Promise<void> {
  const root = resolve(app.config.STATIC_DIR)
  registerHome(app, root)
  registerSpeculationRules(app)
  const render = app.pageRenderer
  if (!render) return
  const shells = {
    listing: readFileSync(join(root, 'listing.html'), 'utf8'),
    ad: readFileSync(join(root, 'ad.html'), 'utf8'),
  }

  // Two layers (docs/decisions/030-page-cache-and-render.md): the render of a URL in a language, shared
  // by every variant of it; and the bytes sent, one per variant: the encoding, and the 18+ gate or not
  // (the gated copy holds the gate's markup and its form names the URL as asked). Nothing else of the
  // request goes in: the render is anonymous (its API calls carry no cookie nor token), so a
  // signed-in visitor gets the very page a signed-out one gets and the app then shows what is theirs.
  // both made once per app (plugins/caches.ts), voided as the ads change
  const { renders, answers } = app.caches.pages
  const ads = app.caches.generations.of('ads')

  // what a page reads of its query: a listing its search, an ad page nothing; both their language
  const pageParams: Record<keyof typeof shells, ReadonlySet<string>> = {
    listing: new Set([...LISTING_SEARCH_KEYS, 'lang']),
    ad: new Set(['lang']),
  }
  const servePage = (shell: keyof typeof shells) => async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.raw.url ?? request.url, 'http://page')
    // one key for one page however its query is spelled, and whatever it adds that the page does not
    // read: 5,000 `?utm_n=1` would otherwise be 5,000 renders and fill the cache
    for (const key of [...url.searchParams.keys()]) {
      if (!pageParams[shell].has(key)) url.searchParams.delete(key)
    }
    url.searchParams.sort()
    const language = pageLanguage(request, url)
    const asked = url.searchParams.has('lang') ? language : null
    const askedUrl = `${url.pathname}${url.search}`
    url.searchParams.delete('lang')
    const pageUrl = `${url.pathname}${url.search}`
    const encoding = encodingFor(request)
    const gated = gateShown(app, request)
    const answerKey = `${encoding}\n${gated ? 'gated' : 'open'}\n${language}\n${askedUrl}`
    const renderKey = `${language}\n${pageUrl}`
    const make = () => render.renderPage(pageUrl, language)
    // a page rendered again behind an aged one's answer: nobody waits for it, so it is said here
    const renderFailed = (error: unknown) =>
      request.log.error({ err: error, url: request.url }, 'server render failed: the aged page stays')
    const kept = answers.look(answerKey)?.value
    const current = renders.look(renderKey)
    if (kept && current && kept.from === current.value) {
      // an aged render is still given while its successor is made, off this request
      if (current.aged) void renders.read(renderKey, make, sizeOf, renderFailed)
      else keepWhole(reply, { answers, renders }, { answerKey, renderKey }, kept)
      return sendPage(reply, kept, encoding)
    }

    const generation = ads.current()
    let page: RenderedPage
    try {
      page = await withinTimeout(renders.read(renderKey, make, sizeOf, renderFailed), request)
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server render failed: sending the shell')
      return sendRendered(
        request,
        reply,
        withGate(app, request, shells[shell], language, askedUrl),
        200,
        gated,
      )
    }
    if (page.redirect) return reply.redirect(withLanguageParam(page.redirect, asked), 302)
    const head = page.head
    // an ad's one URL: a stale slug (edited title) or a lower-case province moves there for good
    if (shell === 'ad' && head?.kind === 'article' && head.canonicalPath !== url.pathname) {
      return reply.redirect(withLanguageParam(head.canonicalPath, asked), 301)
    }
    const html = composePageHtml(shells[shell], page, { publicUrl: app.config.PUBLIC_URL, language })
    const body = await encode(withGate(app, request, html, language, askedUrl), encoding)
    const sent: SentPage = {
      body,
      status: head?.status ?? 200,
      noindex: head?.noindex === true,
      gated,
      scriptSources: inlineScriptSources(page.scripts),
      from: page,
    }
    answers.set(answerKey, sent, generation, body.length, page.staleAt)
    if (renders.get(renderKey) === page)
      keepWhole(reply, { answers, renders }, { answerKey, renderKey }, sent)
    return sendPage(reply, sent, encoding)
  }

  // without a category the route sends the visitor on to the default one: said by the server too
  app.get('/ca/:province', keptAnswers, servePage('listing'))
  app.get('/ca/:province/:category', keptAnswers, servePage('listing'))
  app.get('/ca/:province/:category/:ad', keptAnswers, servePage('ad'))
}

/**
 * `/`: the home pre-rendered at build time, in the visitor's language (the French one for ?lang=fr, the
 * lang cookie or a French browser), with its canonical and alternate URLs. Without a build the static
 * files plugin answers `/` as before.
 */
function registerHome(app: FastifyInstance, root: string): void {
  const english = join(root, 'home.html')
  if (!existsSync(english)) return
  const french = join(root, 'home.fr.html')
  const publicUrl = app.config.PUBLIC_URL
  const homes: Record<Language, string> = {
    en: withHomeHead(readFileSync(english, 'utf8'), publicUrl, 'en'),
    fr: withHomeHead(readFileSync(existsSync(french) ? french : english, 'utf8'), publicUrl, 'fr'),
  }
  // the router's scripts the build wrote after the home's markup, allowed by their hash as a
  // rendered page's are
  const scriptSources: Record<Language, string[]> = {
    en: inlineScriptSources(homes.en),
    fr: inlineScriptSources(homes.fr),
  }
  // the same few bytes for every visitor: each language and encoding is compressed once
  const encoded = new Map<string, Promise<Buffer | string>>()
  app.get('/', async (request, reply) => {
    const url = new URL(request.raw.url ?? request.url, 'http://page')
    const language = pageLanguage(request, url)
    const encoding = encodingFor(request)
    // with the 18+ gate or without (the visitor's cookie); the gate's form comes back to / in the
    // language the URL asked for, so the gated home has one copy per language asked in the URL too
    const asked = url.searchParams.has('lang') ? language : null
    const gated = gateShown(app, request)
    const key = `${language}:${encoding}:${gated ? `gated:${asked ?? ''}` : 'open'}`
    let body = encoded.get(key)
    if (!body) {
      const home = gated
        ? withGate(app, request, homes[language], language, withLanguageParam('/', asked))
        : homes[language]
      body = encode(home, encoding)
      encoded.set(key, body)
    }
    const policy = reply.getHeader('content-security-policy')
    if (typeof policy === 'string')
      reply.header('content-security-policy', withScriptSources(policy, scriptSources[language]))
    return sendHtml(reply, await body, encoding, 200, gated)
  })
}

/** The rules the pages' `Speculation-Rules` header names (src/domain/speculation-rules.ts). */
function registerSpeculationRules(app: FastifyInstance): void {
  const rules = AD_PAGE_SPECULATION_RULES_TEXT
  app.get(SPECULATION_RULES_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.type(SPECULATION_RULES_TYPE).header('cache-control', 'public, max-age=3600').send(rules),
  )
}
