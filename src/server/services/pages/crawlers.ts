// Which requests come from a search engine or a link preview (they run no script): the server render's
// time limit does not apply to them, since the shell it falls back to would be an empty page to them
// (src/server/routes/pages.ts). Their user agents name themselves; a browser's never contains these.
const CRAWLER =
  /bot\b|bot\/|crawler|spider|slurp|facebookexternalhit|embedly|bingpreview|whatsapp|skypeuripreview/i

export function isCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && CRAWLER.test(userAgent)
}
