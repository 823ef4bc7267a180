// The app and helpers the report-hold tests share (tests/api/report-holds-*.test.ts; the rules are in
// docs/decisions/033-reports-that-cost.md): reports from an address or an account, fresh and trusted
// members, admin actions and the review queue as the admin sees it.
import { beforeAll } from 'vitest'
import type { AdWriteInput } from '#domain/api/ads.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { ReportPaths } from '#domain/api/reports.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { adRow, type Member, member } from './ads.ts'
import { setupTestApp } from './api-app.ts'
import { tempDir } from './media.ts'

export const DAY_MS = 86_400_000
/** Where the test app mails the admins (ADMIN_EMAIL). */
export const ADMIN_EMAIL = 'moderators@maple.example'

/** Builds the file's app (its hooks registered) and the helpers bound to it. */
export function setupHoldsApp() {
  let mediaDir = ''
  beforeAll(() => {
    mediaDir = tempDir('maple-holds-media-')
  })
  const api = setupTestApp(() => ({ MEDIA_DIR: mediaDir, ADMIN_EMAIL: [ADMIN_EMAIL] }))

  let ipCounter = 0
  const nextIp = () => `10.33.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

  function report(
    id: string,
    reason: string,
    from: { auth?: Record<string, string>; ip?: string; details?: string } = {},
  ) {
    return api.t.app.inject({
      method: 'POST',
      url: `/api${ReportPaths.report(id)}`,
      headers: from.auth ?? {},
      payload: { reason, details: from.details ?? '' },
      remoteAddress: from.ip ?? nextIp(),
    })
  }

  const fresh = () => member(api.t)
  const trusted = () => member(api.t, { ageDays: 8 })
  const status = async (id: string) => (await adRow(api.t, id))?.status

  async function adminAuth() {
    return { authorization: `Bearer ${await createAdminSession(api.t.db, 'boss')}` }
  }

  async function admin(action: string, id: string, reason = 'checked') {
    return api.t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/${action}`,
      headers: await adminAuth(),
      payload: { reason },
    })
  }

  async function queue() {
    const res = await api.t.app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: await adminAuth(),
    })
    return res.json().items as {
      adId: string
      status: string
      urgent: boolean
      awaitingConfirmation: boolean
      contentHash: string
      versions: {
        contentHash: string
        title: string
        description: string
        city: string
        videos: string[]
        images: string[]
      }[]
      hold: { category: string } | null
      appeal: { note: string } | null
      reports: {
        reason: string
        contentHash: string | null
        reporter: {
          made: number
          dismissed: number
          upheld: number
          canHold: boolean
          newAccount: boolean
          kind: string
        }
      }[]
    }[]
  }

  const publiclyListed = async (id: string) =>
    (await api.t.app.inject({ method: 'GET', url: `/api/ads/${id}` })).statusCode === 200

  /** The owner's PATCH of their ad. */
  function edit(m: Member, id: string, patch: Partial<AdWriteInput>, headers: Record<string, string> = {}) {
    return api.t.app.inject({
      method: 'PATCH',
      url: `/api${AdsPaths.ad(id)}`,
      headers: { ...m.auth, ...headers },
      payload: patch,
    })
  }

  /** The owner deletes their ad. */
  function deleteAd(m: Member, id: string) {
    return api.t.app.inject({ method: 'DELETE', url: `/api${AdsPaths.ad(id)}`, headers: m.auth })
  }

  return {
    api,
    nextIp,
    report,
    fresh,
    trusted,
    status,
    adminAuth,
    admin,
    queue,
    publiclyListed,
    edit,
    deleteAd,
  }
}
