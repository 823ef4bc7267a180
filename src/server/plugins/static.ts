import { existsSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { isAppPage } from '#domain/app-pages.ts'
import { isLanguage, withLanguageParam } from '#domain/languages.ts'
import { refusal } from '#server/errors.ts'
import { appendVary } from '#server/http/vary.ts'
import { adultConfirmed } from '#server/services/pages/adult-gate.ts'

// must be revalidated on every load, or users keep an old shell / service worker for a long time
const NO_CACHE_FILES = new Set([
  'index.html',
  'home.html',
  'listing.html',
  'ad.html',
  'sw.js',
  'registerSW.js',
  'manifest.webmanifest',
  'manifest.fr.webmanifest',
])
// `/` is index.html with the home page pre-rendered in it (scripts/vite/prerender-home.ts)
const HOME_FILE = 'home.html'
// /ca/… is the same empty shell with the listing's or the ad page's chunks preloaded
// (scripts/vite/route-shells.ts); src/server/routes/pages.ts renders the page into it when it can
const LISTING_FILE = 'listing.html'
const AD_FILE = 'ad.html'
// pages a search engine may list; every other page is an account's, a form or the admin's
const PUBLIC_PAGES = new Set(['/', '/privacy', '/terms', '/contact', '/pay-guide'])
const IMMUTABLE = 'public, max-age=31536000, immutable'

// the last segment of a path that names a file: a dot and a short extension
const FILE_NAME = /\.[a-z0-9]{1,8}$/i

/** Home, in the language the URL asked for (`?lang=fr`) when it asked for one. */
function homeFor(url: string): string {
  const language = new URL(url, 'http://page').searchParams.get('lang')
  return withLanguageParam('/', isLanguage(language) ? language : null)
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}

function cacheControlFor(filePath: string): string {
  // with preCompressed the path is the .br/.gz file actually sent; its headers are the original's
  if (NO_CACHE_FILES.has(basename(filePath).replace(/\.(?:br|gz)$/, ''))) return 'no-cache'
  // Vite puts content-hashed files under /assets: a new build means new names
  if (filePath.includes('/assets/')) return IMMUTABLE
  return 'public, max-age=3600'
}

/**
 * Serves the built PWA from STATIC_DIR with the SPA fallback: a GET of one of the app's pages that is
 * not a file gets index.html so client routes like /wallet load; any other path goes home (302). A
 * missing file, unknown /api paths, and everything when there is no build (tests, API-only
 * deployments), answer 404 `{ detail }`.
 */
async function staticFiles(app: FastifyInstance): Promise<void> {
  const root = resolve(app.config.STATIC_DIR)
  const hasShell = existsSync(join(root, 'index.html'))
  const hasHome = existsSync(join(root, HOME_FILE))
  const hasListing = existsSync(join(root, LISTING_FILE))
  const hasAdPage = existsSync(join(root, AD_FILE))

  if (hasShell) {
    await app.register(fastifyStatic, {
      root,
      // one route per file of the build, found once at start (the build does not change under a
      // running server): any other path goes straight to the handler below. The catch-all route
      // instead read the disk for every unknown path (a stat, and a directory listing per segment
      // to check its spelling), so a client asking for made-up URLs cost ten times a real one, and
      // every app page paid for it before getting its shell (docs/decisions/025-static-file-routes.md)
      wildcard: false,
      // routes/pages.ts answers `/` with the pre-rendered home when the build has one
      index: hasHome ? false : ['index.html'],
      // routes/seo.ts writes these for the deployment's own URL: a copy in the build never wins
      globIgnore: ['robots.txt', 'sitemap.xml'],
      // the build writes x.br and x.gz next to each text file (scripts/vite/precompress.ts)
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
    })
  }

  const notFound = (reply: FastifyReply) => reply.code(404).send(refusal('request.not_found'))

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? request.url
    const wantsPage = request.method === 'GET' || request.method === 'HEAD'
    if (!hasShell || !wantsPage || isApiPath(url) || url.startsWith('/assets/')) return notFound(reply)
    const path = url.split('?')[0] ?? url
    // a file that is not there (an icon, a script) is not a page: never the shell in its place
    if (FILE_NAME.test(path)) return notFound(reply)
    if (!isAppPage(path)) return reply.redirect(homeFor(url), 302)
    const isAdPage = path.split('/').filter(Boolean).length === 4
    const shell = !path.startsWith('/ca/')
      ? 'index.html'
      : isAdPage && hasAdPage
        ? AD_FILE
        : hasListing
          ? LISTING_FILE
          : 'index.html'
    if (!path.startsWith('/ca/') && !PUBLIC_PAGES.has(path)) reply.header('x-robots-tag', 'noindex')
    // the 18+ gate for a visitor who has not confirmed (services/pages/adult-gate.ts)
    appendVary(reply, 'Cookie')
    if (app.adultGate && !adultConfirmed(request))
      return app.adultGate.sendShell(request, reply, join(root, shell))
    return reply.header('cache-control', 'no-cache').sendFile(shell)
  })
}

export default fp(staticFiles, { name: 'static', dependencies: ['core', 'adult-gate'] })
