import { createFileRoute } from '@tanstack/react-router'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'
import { forgetWalletOfOtherUsers } from '#client/features/wallet/api/forget-wallet.ts'
import { WalletPage } from '#client/features/wallet/components/wallet-page.tsx'

export const Route = createFileRoute('/wallet')({
  beforeLoad: requireSignIn,
  loader: ({ context }) => forgetWalletOfOtherUsers(context.queryClient),
  component: WalletPage,
})
