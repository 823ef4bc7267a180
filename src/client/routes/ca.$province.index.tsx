import { createFileRoute, redirect } from '@tanstack/react-router'
import { DEFAULT_CATEGORY } from '#domain/categories.ts'

// /ca/{province} without a category: the default category is adult-buy-sell.
export const Route = createFileRoute('/ca/$province/')({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/ca/$province/$category',
      params: { province: params.province, category: DEFAULT_CATEGORY },
      replace: true,
    })
  },
})
