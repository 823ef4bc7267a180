// Account fixtures for e2e journeys (the epic-stack playwright-utils pattern): `accounts.signUp`
// creates a verified user through the real API and the mailed link, `accounts.login` signs in
// through the UI, and `expectNoSeriousA11yViolations` runs axe on the current page. Kept beside
// e2e-fixtures.ts, which it extends, so each spec imports one `test`.
import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { AuthPaths } from '#domain/api/auth.ts'
import { test as base, expect, makeOutbox, type Outbox } from './e2e-fixtures.ts'

export interface TestUser {
  email: string
  password: string
}

export interface Accounts {
  /** A fresh, unique address on a reserved domain; nothing is created. */
  newUser(): TestUser
  /** Registers through the API; the account stays unverified. */
  register(user?: TestUser): Promise<TestUser>
  /** Registers and follows the mailed verification link: the user can sign in. */
  signUp(user?: TestUser): Promise<TestUser>
  /** Signs in through /login and waits for the signed-in header. */
  login(page: Page, user: TestUser): Promise<void>
}

let counter = 0

export function makeAccounts(request: APIRequestContext, outbox: Outbox): Accounts {
  const newUser = (): TestUser => {
    counter += 1
    const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`
    return { email: `e2e-${id}@example.com`, password: `pw-${id}` }
  }
  const register = async (user = newUser()) => {
    // each new account comes from an address of its own (scripts/e2e.mjs trusts one proxy hop), as
    // different people would: the per-client sign-up limit is not what these journeys test
    const res = await request.post(`/api${AuthPaths.register}`, {
      data: user,
      headers: {
        'X-Forwarded-For': `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${1 + (Date.now() % 250)}`,
      },
    })
    expect(res.status(), `register answered ${res.status()}: ${await res.text()}`).toBe(201)
    return user
  }
  return {
    newUser,
    register,
    async signUp(user = newUser()) {
      await register(user)
      const mail = await outbox.waitFor(user.email, (m) => (m.link ?? '').includes('/verify-email'))
      const res = await request.get(`/api${AuthPaths.verifyEmail}${new URL(mail.link ?? '').search}`)
      expect(res.ok(), `verify-email answered ${res.status()}`).toBe(true)
      return user
    },
    async login(page, user) {
      await page.goto('/login')
      await page.getByLabel('Email').fill(user.email)
      await page.getByLabel('Password').fill(user.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    },
  }
}

export const test = base.extend<{ accounts: Accounts }>({
  accounts: async ({ request }, use) => {
    await use(makeAccounts(request, makeOutbox(request)))
  },
})

export { expect }

/** The toast area: toasts live 1.2 s, so assertions on them must target this region directly. */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' })
}

/** axe-core on the page as it is now: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(bad, `axe on ${label}`).toEqual([])
}
