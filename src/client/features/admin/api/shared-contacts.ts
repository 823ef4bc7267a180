import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import {
  type ContactKind,
  SharedContactListSchema,
  SharedContactPaths,
  SuspensionSchema,
} from '#domain/api/shared-contacts.ts'
import { reviewKeys } from './review-queue.ts'
import { trustKeys } from './trust-queues.ts'

// One person, one account (docs/decisions/055-shared-contacts.md): the queue of contacts shared
// between accounts, a dismissal, and an account's suspension or its lifting.

const sharedKey = () => [...trustKeys.all, 'shared-contacts'] as const

/** GET /admin/shared-contacts (admin): the most accounts first. */
export function useSharedContacts() {
  return useQuery({
    queryKey: sharedKey(),
    queryFn: ({ signal }) =>
      http.get(SharedContactPaths.queue, { auth: 'admin', schema: SharedContactListSchema, signal }),
    staleTime: 0,
  })
}

function useAdminChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    networkMode: 'always',
    onSettled: async () => {
      // a suspension holds ads: the review queue and the audit log change with it
      await queryClient.invalidateQueries({ queryKey: trustKeys.all })
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all })
    },
  })
}

/** POST /admin/shared-contacts/dismiss: out of the queue until another account shares it. */
export function useDismissContact() {
  return useAdminChange((input: { kind: ContactKind; contact: string; reason?: string }) =>
    http.post(SharedContactPaths.dismiss, input, { auth: 'admin' }),
  )
}

/** POST /admin/accounts/{id}/suspend or …/unsuspend {reason}: how many ads it held or released. */
export function useSuspension() {
  return useAdminChange(({ id, reason, lift }: { id: string; reason: string; lift: boolean }) =>
    http.post(
      lift ? SharedContactPaths.unsuspend(id) : SharedContactPaths.suspend(id),
      { reason },
      {
        auth: 'admin',
        schema: SuspensionSchema,
      },
    ),
  )
}
