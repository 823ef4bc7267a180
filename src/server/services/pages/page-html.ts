// Puts a server-rendered page into the built HTML shell: its markup in #root, the query cache the
// browser starts from, and the head a search engine and a link preview read (title, description,
// canonical URL, the page in the other language, Open Graph). docs/decisions/017-pages.md.

import { escapeHtml } from '#domain/html-escape.ts'
import { LANGUAGES, type Language, LOCALES } from '#domain/languages.ts'
import type { PageHeadInfo, RenderedPage } from '#domain/pages.ts'

const ROOT_DIV = '<div id="root"></div>'
const OG_LOCALES = { en: 'en_CA', fr: 'fr_CA' } as const satisfies Record<Language, string>

/**
 * JSON inside <script type="application/json">: only "</script" (or "<!--") could end it early, so
 * every '<' is written as its JSON escape, which JSON.parse reads back unchanged. U+2028/2029 too,
 * for old parsers.
 */
export function jsonForScript(json: string): string {
  return json.replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029')
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
  let html = shell.replace(/<html lang="[^"]*"/, `<html lang="${LOCALES[options.language]}"`)
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
  const state = `<script id="ssr-state" type="application/json">${jsonForScript(page.state)}</script>`
  return html.replace(ROOT_DIV, () => `<div id="root">${page.html}</div>${state}`)
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
