// Puts a server-rendered page into the built HTML shell: its markup in #root, the router's scripts the
// browser starts from (its matches and query cache), and the head a search engine and a link preview
// read (title, description, canonical URL, the page in the other language, Open Graph).
// docs/decisions/017-pages.md.

import { createHash } from 'node:crypto'
import { linkManifestOf } from '#domain/app-manifest.ts'
import { escapeHtml } from '#domain/html-escape.ts'
import { LANGUAGES, type Language, LOCALES } from '#domain/languages.ts'
import type { PageHeadInfo, RenderedPage } from '#domain/pages.ts'

const ROOT_DIV = '<div id="root"></div>'
const OG_LOCALES = { en: 'en_CA', fr: 'fr_CA' } as const satisfies Record<Language, string>

const INLINE_SCRIPT = /<script(?:\s[^>]*)?>([\s\S]*?)<\/script>/g

/**
 * The CSP sources (`'sha256-…'`) that let the page's inline scripts run and nothing else: the router's
 * `$_TSR` scripts differ with every page's data, so they are allowed by hash rather than by a nonce,
 * which a page kept and sent again (the page cache) could not renew. A script with a `src` (empty
 * here) needs no hash.
 */
export function inlineScriptSources(scripts: string): string[] {
  return [...scripts.matchAll(INLINE_SCRIPT)]
    .map(([, body]) => body ?? '')
    .filter((body) => body !== '')
    .map(scriptHashSource)
}

/** The CSP source (`'sha256-…'`) that allows one inline script, or inline speculation rules, of this text. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`
}

/** A Content-Security-Policy whose script-src also allows `sources`. */
export function withScriptSources(policy: string, sources: string[]): string {
  if (sources.length === 0) return policy
  return policy.replace(
    /(^|;)(\s*script-src [^;]*)/,
    (_, start: string, directive: string) => `${start}${directive} ${sources.join(' ')}`,
  )
}

/** The absolute URL of a path in a language: French pages carry ?lang=fr, English ones nothing. */
export function pageUrl(publicUrl: string, path: string, language: Language): string {
  const url = new URL(path, publicUrl)
  url.searchParams.delete('lang')
  if (language !== 'en') url.searchParams.set('lang', language)
  return url.href
}

function headTags(head: PageHeadInfo, title: string, publicUrl: string, language: Language): string[] {
  const canonical = pageUrl(publicUrl, head.canonicalPath, language)
  const tags = [`<link rel="canonical" href="${escapeHtml(canonical)}" />`]
  for (const other of LANGUAGES) {
    const href = escapeHtml(pageUrl(publicUrl, head.canonicalPath, other))
    tags.push(`<link rel="alternate" hreflang="${LOCALES[other]}" href="${href}" />`)
  }
  tags.push(
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(publicUrl, head.canonicalPath, 'en'))}" />`,
  )
  const og: [string, string][] = [
    ['og:type', head.kind ?? 'website'],
    ['og:site_name', 'Maple After Dark'],
    ['og:title', title],
    ['og:description', head.description],
    ['og:url', canonical],
    ['og:locale', OG_LOCALES[language]],
  ]
  if (head.image) og.push(['og:image', new URL(head.image, publicUrl).href])
  for (const [property, content] of og) {
    tags.push(`<meta property="${property}" content="${escapeHtml(content)}" />`)
  }
  tags.push(`<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`)
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />')
  return tags
}

export interface PageHtmlOptions {
  publicUrl: string
  language: Language
}

/** The shell with the page in it; a page that declared no head keeps the shell's title and description. */
export function composePageHtml(shell: string, page: RenderedPage, options: PageHtmlOptions): string {
  if (!shell.includes(ROOT_DIV)) throw new Error(`page shell lacks ${ROOT_DIV}`)
  const { head } = page
  let html = linkManifestOf(shell, options.language).replace(
    /<html lang="[^"]*"/,
    `<html lang="${LOCALES[options.language]}"`,
  )
  if (head) {
    const title = page.documentTitle
    html = html
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
      )
      .replace(
        '</head>',
        () => `${headTags(head, title, options.publicUrl, options.language).join('\n')}\n</head>`,
      )
  }
  if (page.preloads) html = html.replace('</head>', () => `${page.preloads}\n</head>`)
  return html.replace(ROOT_DIV, () => `<div id="root">${page.html}</div>${page.scripts}`)
}

function unescapeHtml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
}

/**
 * The pre-rendered home (scripts/vite/prerender-home.ts) with what the build could not know: its
 * absolute canonical URL, the other language's URL and the link preview, from PUBLIC_URL.
 */
export function withHomeHead(html: string, publicUrl: string, language: Language): string {
  const title = unescapeHtml(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '')
  const description = unescapeHtml(/<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? '')
  const tags = headTags({ title, description, canonicalPath: '/' }, title, publicUrl, language)
  return html.replace('</head>', () => `${tags.join('\n')}\n</head>`)
}
