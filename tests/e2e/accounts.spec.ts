import { STORAGE_KEYS } from '#domain/constants.ts'
import {
  expect,
  expectNoSeriousA11yViolations,
  type TestUser,
  test,
  toasts,
} from '#tests/support/e2e-accounts.ts'
import { expectNoHorizontalOverflow } from '#tests/support/e2e-fixtures.ts'

// Accounts in the app against the real server: every mail link is read
// from the server's outbox, as a user would click it in their inbox.

async function submitLogin(page: import('@playwright/test').Page, user: TestUser) {
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  // the keyboard submits the form, as a user pressing Enter would
  await page.getByLabel('Password').press('Enter')
}

test.describe('accounts', () => {
  test('registers, verifies by the mailed link, signs in, shows the email in the account menu and logs out', async ({
    page,
    accounts,
    outbox,
  }) => {
    const user = accounts.newUser()
    await page.goto('/register')
    await expectNoSeriousA11yViolations(page, '/register')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByText('Email is required')).toBeVisible()
    await expect(page.getByLabel('Email')).toBeFocused()

    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(toasts(page).getByText('Account created successfully!')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await expect(page.getByText(user.email)).toBeVisible()
    await expectNoSeriousA11yViolations(page, '/register (check your email)')

    const mail = await outbox.waitFor(user.email, (m) => (m.link ?? '').includes('/verify-email'))
    await page.goto(outbox.path(mail))
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible()
    await expectNoSeriousA11yViolations(page, '/verify-email (success)')
    // the same link again is not an error for the user
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Already Verified' })).toBeVisible()

    await page.getByRole('link', { name: 'Go to sign in' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expectNoSeriousA11yViolations(page, '/login')
    await submitLogin(page, user)
    await expect(toasts(page).getByText('Signed in successfully!')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('link', { name: 'Post Ad' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Register' })).toHaveCount(0)
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.authToken)).toBeTruthy()

    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menu').getByText(user.email)).toBeVisible()
    await page.keyboard.press('Escape')

    // the session survives a reload (read back from localStorage at start)
    await page.reload()
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    const token = await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.authToken)

    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0)
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.authToken)).toBeNull()
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.authUser)).toBeNull()
    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menu').getByText('Guest')).toBeVisible()
    await page.keyboard.press('Escape')

    // logout revoked the token on the server
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/wallet/', { headers: { Authorization: `Bearer ${token}` } })
        return res.status()
      })
      .toBe(401)
  })

  test("refuses to sign in before the email is verified, with 'Email Not Verified' and a resend", async ({
    page,
    accounts,
    outbox,
  }) => {
    const user = await accounts.register()
    await page.goto('/login')
    await submitLogin(page, user)
    const notice = toasts(page).getByRole('alert')
    await expect(notice.getByText('Email Not Verified')).toBeVisible()
    await expect(
      notice.getByText('Please verify your email first. Check your inbox for the verification link.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0)

    const before = (await outbox.list(user.email)).length
    await page.getByRole('button', { name: 'Resend verification email' }).click()
    await expect(toasts(page).getByText('Verification Email Sent')).toBeVisible()
    await expect.poll(async () => (await outbox.list(user.email)).length).toBe(before + 1)
    await expectNoSeriousA11yViolations(page, '/login (not verified)')
  })

  test('shows a wrong password as Login failed with the server detail @mobile', async ({
    page,
    accounts,
  }) => {
    const user = accounts.newUser()
    await page.goto('/login')
    await expectNoHorizontalOverflow(page)
    await submitLogin(page, user)
    const alert = toasts(page).getByRole('alert')
    await expect(alert.getByText('Login failed')).toBeVisible()
    await expect(alert.getByText('Invalid email or password')).toBeVisible()
  })

  test('resets the password by the mailed link; the new one signs in and returns to the sending page, the old one and the used link are refused', async ({
    page,
    accounts,
    outbox,
  }) => {
    const user = await accounts.signUp()
    const newPassword = `${user.password}-new`

    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await expectNoSeriousA11yViolations(page, '/forgot-password')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(toasts(page).getByText('Email Required')).toBeVisible()
    await page.getByLabel('Email').fill(user.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(toasts(page).getByText('Reset Link Sent')).toBeVisible()

    const mail = await outbox.waitFor(user.email, (m) => (m.link ?? '').includes('/reset-password'))
    const resetPath = outbox.path(mail)
    await page.goto(resetPath)
    await expectNoSeriousA11yViolations(page, '/reset-password')
    await page.getByLabel('New password', { exact: true }).fill('12345')
    await page.getByLabel('Confirm new password').fill('12345')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(toasts(page).getByText('Password must be at least 6 characters long')).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`)
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(toasts(page).getByText("Passwords Don't Match")).toBeVisible()
    await page.getByLabel('Confirm new password').fill(newPassword)
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(toasts(page).getByText('Password Reset Successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)

    // the old password is refused
    await submitLogin(page, user)
    await expect(toasts(page).getByText('Login failed')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0)

    // the new one signs in and goes back to the page that sent the user to sign in
    await page.goto('/login?redirect=%2Fcontact')
    await submitLogin(page, { ...user, password: newPassword })
    await expect(toasts(page).getByText('Signed in successfully!')).toBeVisible()
    await expect(page).toHaveURL(/\/contact$/)
    await page.getByRole('button', { name: 'Logout' }).click()

    // the link worked once
    await page.goto(resetPath)
    await page.getByLabel('New password', { exact: true }).fill('another-password')
    await page.getByLabel('Confirm new password').fill('another-password')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(toasts(page).getByText('Reset Failed')).toBeVisible()
    await expect(
      page.getByRole('main').getByText('Failed to reset password. The link may be expired.'),
    ).toBeVisible()
  })

  test('a reset page without a token says Invalid Link and goes to /forgot-password', async ({ page }) => {
    await page.goto('/reset-password')
    await expect(toasts(page).getByText('Invalid Link')).toBeVisible()
    await expect(page).toHaveURL(/\/forgot-password$/)
  })

  test('a verification page without a token, or with a bad one, shows Verification Failed with a resend box', async ({
    page,
  }) => {
    await page.goto('/verify-email')
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible()
    await expect(page.getByText('No verification token provided')).toBeVisible()
    await page.getByRole('button', { name: 'Resend verification email' }).click()
    await expect(toasts(page).getByText('Please enter your email address first')).toBeVisible()
    await expectNoSeriousA11yViolations(page, '/verify-email (failed)')

    await page.goto('/verify-email?token=not-a-real-token')
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible()
    await expect(page.getByText('This verification link is invalid or has expired')).toBeVisible()
  })

  test('the login page says why the visitor was sent there', async ({ page }) => {
    await page.goto('/login?reason=required&redirect=%2Fterms')
    await expect(page.getByRole('main').getByText('Please sign in to continue.')).toBeVisible()
    await page.goto('/login?reason=expired&redirect=%2F%2Fevil.example')
    await expect(
      page.getByRole('main').getByText('Your session has ended. Please sign in again.'),
    ).toBeVisible()
  })

  test('a login link whose return address is another site signs in and stays in the app', async ({
    page,
    accounts,
    baseURL,
  }) => {
    const user = await accounts.signUp()
    await page.goto(`/login?redirect=${encodeURIComponent('https://evil.example/steal')}`)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    // the app's home, not the other site (nor the browser's error page for it, offline here)
    await expect(page).toHaveURL(`${baseURL}/`)
  })

  test('changes the password from the account menu; the old one stops working, the new one signs in', async ({
    page,
    accounts,
  }) => {
    const user = await accounts.signUp()
    await accounts.login(page, user)
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Change password' }).click()
    await expect(page).toHaveURL(/\/account\/password$/)
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible()
    await expectNoSeriousA11yViolations(page, '/account/password')

    const fresh = `${user.password}-changed`
    await page.getByLabel('Current password').fill(user.password)
    await page.getByLabel('New password', { exact: true }).fill(fresh)
    await page.getByLabel('Confirm new password').fill(fresh)
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(toasts(page).getByText('Password changed')).toBeVisible()

    await page.getByRole('button', { name: 'Logout' }).click()
    await page.goto('/login')
    await submitLogin(page, user)
    await expect(toasts(page).getByRole('alert').getByText('Invalid email or password')).toBeVisible()
    await page.goto('/login')
    await submitLogin(page, { ...user, password: fresh })
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
  })
})
