// The admin's photo queue from an e2e journey that is not about it: a new advertiser's photos show to
// visitors only once approved (docs/decisions/032-photo-review.md), so such a journey approves them.
import type { APIRequestContext } from '@playwright/test'
import { PhotoQueueSchema, PhotoReviewPaths } from '#domain/api/photo-review.ts'
import { asAdmin } from './e2e-fixtures.ts'

/** Approves, as the admin, every photo waiting on the ad titled `title` (others' stay as they are). */
export async function approvePhotosOf(request: APIRequestContext, title: string): Promise<void> {
  const res = await asAdmin(request, (authorization) =>
    request.get(`/api${PhotoReviewPaths.queue}`, { headers: { authorization } }),
  )
  const { items } = PhotoQueueSchema.parse(await res.json())
  for (const item of items.filter((photo) => photo.adTitle === title)) {
    const approved = await asAdmin(request, (authorization) =>
      request.post(`/api${PhotoReviewPaths.approve(item.mediaId)}`, { headers: { authorization }, data: {} }),
    )
    if (!approved.ok()) throw new Error(`approving ${item.mediaId}: ${approved.status()}`)
  }
}
