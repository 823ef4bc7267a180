// Helpers for the report tests (tests/api/reports-*.test.ts): filing a report from an address or an
// account, an admin session, an account in good standing, and what the public sees of an ad.
import { ReportPaths } from '#domain/api/reports.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { member } from './ads.ts'
import type { TestAppRef } from './api-app.ts'

export function reporting(api: TestAppRef) {
  // reports are rate limited per client address: each signed-out reporter speaks from its own
  let ipCounter = 0
  const nextIp = () => `10.13.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

  function report(id: string, body: object, options: { auth?: Record<string, string>; ip?: string } = {}) {
    return api.t.app.inject({
      method: 'POST',
      url: `/api${ReportPaths.report(id)}`,
      headers: options.auth ?? {},
      payload: body,
      remoteAddress: options.ip ?? nextIp(),
    })
  }

  async function adminAuth() {
    return { authorization: `Bearer ${await createAdminSession(api.t.db, 'boss')}` }
  }

  async function publicSees(id: string, title = 'Vintage silk robe') {
    const byId = (await api.t.app.inject({ method: 'GET', url: `/api/ads/${id}` })).statusCode === 200
    const listed = (await api.t.app.inject({ method: 'GET', url: '/api/ads' }))
      .json()
      .items.some((a: { id: string }) => a.id === id)
    const found = (await api.t.app.inject({ method: 'GET', url: `/api/ads?q=${encodeURIComponent(title)}` }))
      .json()
      .items.some((a: { id: string }) => a.id === id)
    return { byId, listed, found }
  }

  // an account in good standing: verified, older than NEW_ACCOUNT_DAYS, nothing dismissed
  const trusted = () => member(api.t, { ageDays: 8 })

  return { nextIp, report, adminAuth, publicSees, trusted }
}
