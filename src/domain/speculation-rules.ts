// The browser gets the first cards' ad pages ready ahead of a tap (Speculation Rules, Chromium): a tap
// before the app is there is a navigation to the ad's server-rendered page, and a page the browser has
// already rendered is shown at once, one fetched ahead without the network's round trip
// (docs/decisions/035-start-size.md, "The first tap"). The first two cards (the first row on a phone,
// where most first taps land) are rendered ahead; the first four (the first row on a tablet, two rows
// on a phone) fetched. A page rendered ahead does not start the app until it is shown
// (src/client/app-start.ts). Pages answer with the `Speculation-Rules` header naming these rules
// (src/server/routes/pages.ts); a page that shows the 18+ gate sends none, and the gate's own script
// adds them once the visitor passes (src/client/adult-gate-inline.ts), as the consent cookie set then
// would void any page fetched before it.

export const SPECULATION_RULES_PATH = '/speculation-rules.json'

export const SPECULATION_RULES_TYPE = 'application/speculationrules+json'

/** The first `count` cards' links to their ad pages, on any page that lists ads. */
function firstCards(count: number) {
  return {
    and: [
      { href_matches: '/ca/*/*/*' },
      { selector_matches: `main li:nth-child(-n+${count}) > article a[href]` },
    ],
  }
}

export const AD_PAGE_SPECULATION_RULES = {
  prerender: [{ where: firstCards(2), eagerness: 'immediate' }],
  prefetch: [{ where: firstCards(4), eagerness: 'immediate' }],
} as const

/**
 * The rules as the gate's script writes them into the page: the CSP allows that text by its hash
 * (src/server/plugins/security.ts), as Chromium refused it under `'inline-speculation-rules'` alone
 * once the policy also held hashes.
 */
export const AD_PAGE_SPECULATION_RULES_TEXT = JSON.stringify(AD_PAGE_SPECULATION_RULES)
