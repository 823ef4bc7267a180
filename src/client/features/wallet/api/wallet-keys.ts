// The wallet's query keys. The signed-in user's email is part of the key: the wallet is persisted for
// offline use (lib/persister.ts), and one user must never be shown another user's last balance.
export const walletKeys = {
  all: ['wallet'] as const,
  detail: (email: string) => [...walletKeys.all, email] as const,
}
