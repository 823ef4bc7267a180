// The paths the app has a page for, as its routes name them (src/client/routes, a param is `$name`).
// The server sends any other path home at once (the spec: "any other path redirects to /"), where the
// browser would first load an empty shell and the app, then go; src/client/app-pages.test.ts keeps this
// list and the routes the same.

export const APP_PAGES = [
  '/',
  '/account/data',
  '/account/password',
  '/account/verification',
  '/admin',
  '/ca/$province',
  '/ca/$province/$category',
  '/ca/$province/$category/$ad',
  '/checkout',
  '/contact',
  '/edit/$id',
  '/favourites',
  '/forgot-password',
  '/login',
  '/manage',
  '/pay-guide',
  '/pay/$chargeId',
  '/post',
  '/privacy',
  '/register',
  '/reset-password',
  '/searches',
  '/terms',
  '/verify-email',
  '/wallet',
] as const

function segments(path: string): string[] {
  return path.split('/').filter(Boolean)
}

const PATTERNS = APP_PAGES.map(segments)

/**
 * Whether a path (without its query) is one of the app's pages. Like the router: a trailing slash does
 * not count, and neither does case (/Wallet is the wallet).
 */
export function isAppPage(path: string): boolean {
  const parts = segments(path.toLowerCase())
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((part, i) => part.startsWith('$') || part === parts[i]),
  )
}
