import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { RenderedPage } from '#domain/pages.ts'
import { composePageHtml, inlineScriptSources, pageUrl, withScriptSources } from './page-html.ts'

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Maple After Dark: adult classifieds in Canada (18+)</title>
    <link rel="manifest" href="/manifest.webmanifest">
    <meta
      name="description"
      content="Canada's premier adult classified marketplace."
    />
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>`

const PAGE: RenderedPage = {
  html: '<main><h1>Red corset</h1></main>',
  preloads: '<link rel="preload" as="image" href="/media/a/640.webp"/>',
  head: {
    title: 'Red corset · Montréal',
    description: '$40 · Montréal, Quebec. "Worn once" & <clean>',
    canonicalPath: '/ca/QC/adult-buy-sell/k3j9x0a1b2c3-red-corset',
    image: '/media/a/640.webp',
    kind: 'article',
  },
  documentTitle: 'Red corset · Montréal · Maple After Dark',
  scripts: '<script>self.$_TSR={};document.currentScript.remove()</script><script>$_TSR.e()</script>',
  redirect: null,
}

const PUBLIC_URL = 'https://maple.example'

describe('a server-rendered page in its shell', () => {
  it('puts the markup in #root and the preloads in <head>', () => {
    const html = composePageHtml(SHELL, PAGE, { publicUrl: PUBLIC_URL, language: 'en' })
    expect(html).toContain('<div id="root"><main><h1>Red corset</h1></main></div>')
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'))
  })

  it('replaces the title and description, escaped', () => {
    const html = composePageHtml(SHELL, PAGE, { publicUrl: PUBLIC_URL, language: 'en' })
    expect(html).toContain('<title>Red corset · Montréal · Maple After Dark</title>')
    expect(html).toContain(
      '<meta name="description" content="$40 · Montréal, Quebec. &quot;Worn once&quot; &amp; &lt;clean&gt;" />',
    )
    expect(html).not.toContain('premier adult classified')
  })

  it("links the manifest of the page's language, so an app installed from it speaks it", () => {
    expect(composePageHtml(SHELL, PAGE, { publicUrl: PUBLIC_URL, language: 'fr' })).toContain(
      '<link rel="manifest" href="/manifest.fr.webmanifest">',
    )
    expect(composePageHtml(SHELL, PAGE, { publicUrl: PUBLIC_URL, language: 'en' })).toContain(
      '<link rel="manifest" href="/manifest.webmanifest">',
    )
  })

  it('names the canonical URL, both languages and the link preview', () => {
    const html = composePageHtml(SHELL, PAGE, { publicUrl: PUBLIC_URL, language: 'fr' })
    const ad = 'https://maple.example/ca/QC/adult-buy-sell/k3j9x0a1b2c3-red-corset'
    expect(html).toContain('<html lang="fr-CA"')
    expect(html).toContain(`<link rel="canonical" href="${ad}?lang=fr" />`)
    expect(html).toContain(`<link rel="alternate" hreflang="en-CA" href="${ad}" />`)
    expect(html).toContain(`<link rel="alternate" hreflang="fr-CA" href="${ad}?lang=fr" />`)
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${ad}" />`)
    expect(html).toContain('<meta property="og:type" content="article" />')
    expect(html).toContain('<meta property="og:image" content="https://maple.example/media/a/640.webp" />')
    expect(html).toContain('<meta property="og:locale" content="fr_CA" />')
    expect(html).not.toContain('noindex')
  })

  it('keeps a gone page out of search results', () => {
    const gone = {
      ...PAGE,
      head: { ...PAGE.head, title: 'Gone', canonicalPath: '/', noindex: true, status: 404 },
    }
    const html = composePageHtml(SHELL, gone as RenderedPage, { publicUrl: PUBLIC_URL, language: 'en' })
    expect(html).toContain('<meta name="robots" content="noindex" />')
  })

  it("puts the router's scripts right after #root", () => {
    const html = composePageHtml(SHELL, PAGE, { publicUrl: PUBLIC_URL, language: 'en' })
    expect(html).toContain(`<div id="root"><main><h1>Red corset</h1></main></div>${PAGE.scripts}`)
  })

  it("lets exactly the router's inline scripts run, by their hashes, beside the policy's own sources", () => {
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`
    const sources = inlineScriptSources(PAGE.scripts)
    expect(sources).toEqual([hash('self.$_TSR={};document.currentScript.remove()'), hash('$_TSR.e()')])
    const policy = "default-src 'self';script-src 'self' 'sha256-gate';script-src-attr 'none'"
    expect(withScriptSources(policy, sources)).toBe(
      `default-src 'self';script-src 'self' 'sha256-gate' ${sources.join(' ')};script-src-attr 'none'`,
    )
    expect(withScriptSources(policy, [])).toBe(policy)
  })

  it('leaves the shell head alone when the page declared none', () => {
    const html = composePageHtml(SHELL, { ...PAGE, head: null }, { publicUrl: PUBLIC_URL, language: 'en' })
    expect(html).toContain('<title>Maple After Dark: adult classifieds in Canada (18+)</title>')
    expect(html).not.toContain('rel="canonical"')
  })

  it('writes French URLs with ?lang=fr and English ones without it', () => {
    expect(pageUrl(PUBLIC_URL, '/ca/ON/adult-buy-sell?city=Toronto&lang=fr', 'en')).toBe(
      'https://maple.example/ca/ON/adult-buy-sell?city=Toronto',
    )
    expect(pageUrl(PUBLIC_URL, '/ca/ON/adult-buy-sell?city=Toronto', 'fr')).toBe(
      'https://maple.example/ca/ON/adult-buy-sell?city=Toronto&lang=fr',
    )
  })
})
