import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { PhotoQueueSchema, PhotoReviewPaths } from '#domain/api/photo-review.ts'
import { VerificationPaths, VerificationQueueSchema } from '#domain/api/verification.ts'
import { reviewKeys } from './review-queue.ts'

// The admin's two trust queues: verification requests (docs/decisions/031) and photos (032).
export const trustKeys = {
  all: ['admin-trust'] as const,
  verifications: () => [...trustKeys.all, 'verifications'] as const,
  photos: () => [...trustKeys.all, 'photos'] as const,
}

/** GET /admin/verifications (admin): waiting requests, oldest first. */
export function useVerificationQueue() {
  return useQuery({
    queryKey: trustKeys.verifications(),
    queryFn: ({ signal }) =>
      http.get(VerificationPaths.queue, { auth: 'admin', schema: VerificationQueueSchema, signal }),
    staleTime: 0,
  })
}

/** GET /admin/photos (admin): photos waiting, reported ads first. */
export function usePhotoQueue() {
  return useQuery({
    queryKey: trustKeys.photos(),
    queryFn: ({ signal }) =>
      http.get(PhotoReviewPaths.queue, { auth: 'admin', schema: PhotoQueueSchema, signal }),
    staleTime: 0,
  })
}

type Decision = { action: 'approve' | 'refuse'; reason: string }

/** POST /admin/verifications/{id}/{approve|refuse}; refreshes the queues and the audit log. */
export function useDecideVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, action, reason }: Decision & { id: number }) => {
      await http.post(VerificationPaths[action](id), action === 'approve' ? {} : { reason }, {
        auth: 'admin',
      })
    },
    networkMode: 'always',
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: trustKeys.all })
      await queryClient.invalidateQueries({ queryKey: reviewKeys.audit() })
    },
  })
}

/** POST /admin/photos/{mediaId}/{approve|refuse}; refreshes the queues and the audit log. */
export function useDecidePhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ mediaId, action, reason }: Decision & { mediaId: string }) => {
      await http.post(PhotoReviewPaths[action](mediaId), action === 'approve' ? {} : { reason }, {
        auth: 'admin',
      })
    },
    networkMode: 'always',
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: trustKeys.all })
      await queryClient.invalidateQueries({ queryKey: reviewKeys.audit() })
    },
  })
}
