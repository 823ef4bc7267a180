import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { Ad } from '#domain/ad.ts'
import { type CheckoutType, landingAfterPayment } from './checkout-rules.ts'

/** Goes where a paid order lands: the ad's listing (it leads there) or /manage. */
export function useLandAfterPayment(): (type: CheckoutType, ad: Ad | undefined) => void {
  const navigate = useNavigate()
  return useCallback(
    (type, ad) => {
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
    [navigate],
  )
}
