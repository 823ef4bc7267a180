// The browser fetches the first cards' ad pages ahead of a tap (Speculation Rules, Chromium): a tap
// before the app is there is a navigation to the ad's server-rendered page, and with its HTML already
// fetched the page shows without the network's round trip (docs/decisions/035-start-size.md, "The
// first tap"). Four cards: the first row on a tablet, the first two rows on a phone, where most first
// taps land. Pages answer with the `Speculation-Rules` header naming these rules
// (src/server/routes/pages.ts); a page that shows the 18+ gate sends none, and the gate's own script
// adds them once the visitor passes (src/client/adult-gate-inline.ts), as the consent cookie set then
// would void any page fetched before it.

export const SPECULATION_RULES_PATH = '/speculation-rules.json'

export const SPECULATION_RULES_TYPE = 'application/speculationrules+json'

export const AD_PAGE_PREFETCH_RULES = {
  prefetch: [
    {
      where: {
        and: [
          { href_matches: '/ca/*/*/*' },
          { selector_matches: 'main li:nth-child(-n+4) > article a[href]' },
        ],
      },
      eagerness: 'immediate',
    },
  ],
} as const

/**
 * The rules as the gate's script writes them into the page: the CSP allows that text by its hash
 * (src/server/plugins/security.ts), as Chromium refused it under `'inline-speculation-rules'` alone
 * once the policy also held hashes.
 */
export const AD_PAGE_PREFETCH_RULES_TEXT = JSON.stringify(AD_PAGE_PREFETCH_RULES)
