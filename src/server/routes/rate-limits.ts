// Every route's rate limit, in one table (docs/decisions/023-rate-limits.md counts them; 036 put them
// here): routes read their limit from it, tests and OpenAPI descriptions quote the same numbers.
// Counted per client address unless the route keys it otherwise (per account, per address and email).
import type { TimeWindow } from '#server/plugins/rate-limit.ts'

interface Limit {
  max: number
  timeWindow: TimeWindow
  perProcess?: true
}

export const RATE_LIMITS = {
  auth: {
    login: { max: 10, timeWindow: '1 minute' },
    // across all emails: slows one address trying a leaked list of accounts (credential stuffing)
    loginPerIp: { max: 60, timeWindow: '1 minute' },
    // one e-mail across every address: a guesser moving from /64 to /64 is slowed to this; a device
    // that signed in to the account before is not counted, so a stranger cannot lock the owner out
    loginPerEmail: { max: 30, timeWindow: '10 minutes' },
    register: { max: 20, timeWindow: '10 minutes' },
    resend: { max: 5, timeWindow: '10 minutes' },
    forgot: { max: 5, timeWindow: '10 minutes' },
    // a stolen session must not become a way to guess the current password
    changePassword: { max: 10, timeWindow: '10 minutes' },
  },
  admin: {
    login: { max: 10, timeWindow: '1 minute' },
    // the admin's username across every address, but for a device that signed in as the admin before
    loginPerUsername: { max: 30, timeWindow: '10 minutes' },
  },
  // the form runs the check on each Continue; a person never comes near this. It reads a public list
  // and writes nothing: the limit only spares the process's CPU, so each process counts its own
  moderation: { check: { max: 60, timeWindow: '1 minute', perProcess: true } },
  // a post holds 8 photos and 4 videos; re-picks and a second ad fit too, a script filling a disk does not
  media: { upload: { max: 60, timeWindow: '1 hour' } },
  ads: {
    reveal: { max: 30, timeWindow: '10 minutes' },
    report: { max: 10, timeWindow: '10 minutes' },
  },
  // the ad page's Reveal without JavaScript: each press renders the page with a new code to type, and
  // a wrong code does too, so every post is counted; a person reveals a few contacts, twice each
  pages: {
    reveal: { max: 60, timeWindow: '10 minutes' },
  },
  payments: {
    // each call creates an invoice at the provider: keep a runaway client from flooding it
    charge: { max: 60, timeWindow: '1 minute' },
    chargeStatus: { max: 60, timeWindow: '1 minute' },
  },
  wallet: {
    // each call creates an invoice at the provider, as a charge does
    topup: { max: 60, timeWindow: '1 minute' },
    // per account, and above the ledger's own stress test (200 payments at once from one account,
    // tests/api/wallet-concurrency.test.ts): a script is still held to 5 a second per account
    pay: { max: 300, timeWindow: '1 minute' },
  },
  // a person sends one request, and again after a refusal; a script filling the queue does not
  verification: { request: { max: 5, timeWindow: '1 hour' } },
  privacy: {
    export: { max: 5, timeWindow: '1 hour' },
    deleteAccount: { max: 10, timeWindow: '10 minutes' },
  },
} as const satisfies Record<string, Record<string, Limit>>

/** "Rate-limited to 30 per 10 minutes", for an OpenAPI description built from the table. */
export function limitText(limit: Limit): string {
  return `Rate-limited to ${limit.max} per ${limit.timeWindow}`
}
