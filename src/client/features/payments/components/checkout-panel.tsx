// The frame of the checkout page, and what it shows instead when there is nothing to pay for.
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'

export function Panel({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {intro && <p className="mt-2 text-sm text-muted-foreground">{intro}</p>}
      <div className="mt-6">{children}</div>
    </div>
  )
}

/** Nothing to pay for: why, and the one place to go from here. */
export function CheckoutNotice(props: {
  title: string
  body: string
  to: '/post' | '/manage'
  link: string
}) {
  return (
    <Panel title={props.title}>
      <p className="text-sm text-muted-foreground">{props.body}</p>
      <Button asChild className="mt-4">
        <Link to={props.to}>{props.link}</Link>
      </Button>
    </Panel>
  )
}
