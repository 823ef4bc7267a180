export const chargeKeys = {
  all: ['charge'] as const,
  status: (chargeId: string) => [...chargeKeys.all, chargeId, 'status'] as const,
}
