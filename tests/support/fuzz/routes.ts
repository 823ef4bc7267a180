// What each route gets. Keys are `METHOD /registered/path`; HEAD reuses the GET entry. A route
// added to the app without an entry here fails the coverage test in tests/api/fuzz.test.ts.
// The entries live by route family in the routes-*.ts files beside this one; they are spread here in
// the order the routes were always fuzzed in, so a run walks them as before.
import { AD_ROUTES } from './routes-ads.ts'
import { PAYMENT_ROUTES } from './routes-payments.ts'
import { REVIEW_AND_ACCOUNT_ROUTES } from './routes-review-and-account.ts'
import { CATCH_ALL_ROUTES, SITE_ROUTES } from './routes-site.ts'
import type { FuzzSpec } from './values.ts'

export const FUZZ: Record<string, FuzzSpec> = {
  ...SITE_ROUTES,
  ...AD_ROUTES,
  ...REVIEW_AND_ACCOUNT_ROUTES,
  ...PAYMENT_ROUTES,
  ...CATCH_ALL_ROUTES,
}
