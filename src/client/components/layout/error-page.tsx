import { TriangleAlertIcon } from 'lucide-react'
import { msg } from '#client/i18n/messages.ts'

const t = msg.errors

export interface ErrorContent {
  title: string
  /** only in development, or a status: an error's own message is the code's English, not the reader's language */
  message: string | null
  /** only in development: a stack in production would leak internals and help no user */
  stack: string | null
}

/** What the error page says for anything thrown while rendering or loading a route. */
export function describeError(error: unknown, dev: boolean): ErrorContent {
  if (error instanceof Response) {
    return {
      title: t.applicationTitle,
      message: dev
        ? [String(error.status), error.statusText].filter(Boolean).join(' ')
        : String(error.status),
      stack: null,
    }
  }
  if (error instanceof Error) {
    return {
      title: t.unexpectedTitle,
      message: dev ? error.message : null,
      stack: dev ? (error.stack ?? null) : null,
    }
  }
  return { title: t.unexpectedTitle, message: dev && typeof error === 'string' ? error : null, stack: null }
}

export interface ErrorPageProps {
  error: unknown
  reset?: () => void
  dev?: boolean
}

/** The router's errorComponent (the default error page). */
export function ErrorPage({ error, reset, dev = import.meta.env.DEV }: ErrorPageProps) {
  const content = describeError(error, dev)
  return (
    <section
      role="alert"
      aria-labelledby="error-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-16"
    >
      <TriangleAlertIcon className="size-10 text-primary" aria-hidden="true" />
      <h1 id="error-title" className="text-3xl font-bold tracking-tight">
        {content.title}
      </h1>
      <p className="text-lg text-muted-foreground">{t.intro}</p>
      {content.message && (
        <p className="rounded-md bg-muted px-4 py-3 font-mono text-sm" data-testid="error-message">
          {content.message}
        </p>
      )}
      {content.stack && (
        <details open>
          <summary className="cursor-pointer text-sm font-medium">{t.stackLabel}</summary>
          <pre className="mt-2 overflow-x-auto rounded-md bg-zinc-900 p-4 text-xs text-zinc-100">
            {content.stack}
          </pre>
        </details>
      )}
      <div className="flex flex-wrap gap-3">
        <a
          href="/"
          className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground outline-none hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          {t.goHome}
        </a>
        {reset && (
          <button
            type="button"
            onClick={reset}
            className="inline-flex h-10 items-center rounded-md border border-input px-4 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t.reload}
          </button>
        )}
      </div>
    </section>
  )
}
