import type { ReactNode } from 'react'

/** The centred panel every account screen sits in, with the page's one h1. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <section
        aria-labelledby="auth-title"
        className="w-full max-w-md rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
      >
        <h1 id="auth-title" className="text-2xl font-bold tracking-tight">
          {title}
        </h1>
        {intro && <p className="mt-2 text-sm text-muted-foreground">{intro}</p>}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  )
}
