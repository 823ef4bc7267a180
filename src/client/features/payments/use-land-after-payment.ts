import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { type CheckoutType, landingAfterPayment, type PaidAd } from './checkout-rules.ts'
import { refreshAds } from './refresh-ads.ts'

/** Goes where a paid order lands: the ad's listing (it leads there) or /manage, with fresh ads. */
export function useLandAfterPayment(): (type: CheckoutType, ad: PaidAd | undefined) => void {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return useCallback(
    (type, ad) => {
      refreshAds(queryClient)
      const landing = landingAfterPayment(type, ad)
      if (landing.to === 'listing') {
        void navigate({
          to: '/ca/$province/$category',
          params: { province: landing.province, category: landing.category },
        })
      } else {
        void navigate({ to: '/manage' })
      }
    },
    [navigate, queryClient],
  )
}
