import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiUrl, fetchBlob, http } from '#client/lib/http.ts'
import { LegalHoldListSchema, LegalHoldPaths, LegalHoldSchema } from '#domain/api/legal-holds.ts'
import { reviewKeys } from './review-queue.ts'
import { trustKeys } from './trust-queues.ts'

// Legal holds (docs/decisions/057-legal-holds.md): the list, the external reference, the sealed
// archive and the release. Each is an audited admin action: the audit log refreshes with them.

const holdsKey = () => [...trustKeys.all, 'legal-holds'] as const

/** GET /admin/legal-holds (admin): the holds in force first. */
export function useLegalHolds() {
  return useQuery({
    queryKey: holdsKey(),
    queryFn: ({ signal }) =>
      http.get(LegalHoldPaths.list, { auth: 'admin', schema: LegalHoldListSchema, signal }),
    staleTime: 0,
  })
}

function useHoldChange<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    networkMode: 'always',
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: trustKeys.all })
      await queryClient.invalidateQueries({ queryKey: reviewKeys.audit() })
    },
  })
}

/** PATCH /admin/legal-holds/{id} {externalReference}: a Cybertip.ca or police file number. */
export function useRecordReference() {
  return useHoldChange(({ id, externalReference }: { id: string; externalReference: string }) =>
    http.patch(LegalHoldPaths.hold(id), { externalReference }, { auth: 'admin', schema: LegalHoldSchema }),
  )
}

/** POST /admin/legal-holds/{id}/release {reason}: the sealed copy is deleted. */
export function useReleaseHold() {
  return useHoldChange(({ id, reason }: { id: string; reason: string }) =>
    http.post(LegalHoldPaths.release(id), { reason }, { auth: 'admin', schema: LegalHoldSchema }),
  )
}

/**
 * GET /admin/legal-holds/{id}/archive: the sealed copy as a zip. A bearer token cannot ride on a
 * plain link, so the file is fetched and handed to the browser from an object URL.
 */
export async function downloadHoldArchive(id: string): Promise<void> {
  const blob = await fetchBlob(apiUrl(LegalHoldPaths.archive(id)), 'admin')
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `legal-hold-${id}.zip`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
