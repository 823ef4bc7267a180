import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  listSitemapAds,
  listSitemapVisits,
  type SitemapAd,
  type SitemapVisit,
  sitemapXml,
} from '#server/services/pages/sitemap.ts'

// crawlers read robots.txt at most about daily; an hour lets a change reach them the same day
const ROBOTS_CACHE_CONTROL = 'public, max-age=3600'
// ten minutes: a new ad reaches the file soon enough, and a crawler storm costs one query per CDN per 10 min
const SITEMAP_CACHE_CONTROL = 'public, max-age=600'

// The public listings and ad pages may be indexed; the screens of an account, a payment or the admin
// may not (they show nothing to a crawler but a sign-in form, and waste its budget).
const DISALLOWED = [
  '/api/',
  '/admin',
  '/checkout',
  '/pay/',
  '/wallet',
  '/manage',
  '/edit/',
  '/verify-email',
  '/reset-password',
  '/post',
  '/login',
  '/register',
  '/forgot-password',
  '/account',
]

function robotsTxt(publicUrl: string): string {
  return [
    '# Maple After Dark: public listings may be indexed; account, payment and admin screens may not.',
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n')
}

// GET /robots.txt and GET /sitemap.xml at the site root, for search engines: no session needed.
const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const robots = robotsTxt(app.config.PUBLIC_URL)

  app.get(
    '/robots.txt',
    {
      schema: {
        summary: 'Crawling rules for search engines',
        tags: ['pages'],
        response: { 200: z.string().describe('text/plain') },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', ROBOTS_CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  )

  app.get(
    '/sitemap.xml',
    {
      schema: {
        summary: 'The home, every listing page and the newest listed ads, with their French alternates',
        tags: ['pages'],
        response: { 200: z.string().describe('application/xml (sitemaps.org urlset)') },
      },
    },
    async (request, reply) => {
      let listedAds: SitemapAd[] = []
      let visits: SitemapVisit[] = []
      let cacheControl = SITEMAP_CACHE_CONTROL
      try {
        ;[listedAds, visits] = await Promise.all([
          listSitemapAds(app.database.db),
          listSitemapVisits(app.database.db, app.clock.now()),
        ])
      } catch (error) {
        // the home and listing pages alone are still a true sitemap, better than a 5xx that leaves the
        // crawler with nothing; kept out of caches so the next fetch has the ads again
        request.log.error({ err: error }, 'sitemap: reading the listed ads failed')
        cacheControl = 'no-cache'
      }
      return reply
        .header('cache-control', cacheControl)
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(app.config.PUBLIC_URL, listedAds, visits))
    },
  )
}

export default seoRoutes
