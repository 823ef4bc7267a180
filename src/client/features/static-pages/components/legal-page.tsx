export interface LegalSection {
  /** a stable anchor other pages link to (else section-<n>) */
  id?: string
  heading: string
  body: readonly string[]
}

export interface LegalPageProps {
  title: string
  updated: string
  sections: readonly LegalSection[]
}

/** Privacy and Terms: a readable single column with a table of contents on wide screens. */
export function LegalPage({ title, updated, sections }: LegalPageProps) {
  const anchor = (i: number) => sections[i]?.id ?? `section-${i + 1}`
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 lg:grid-cols-[14rem_1fr]">
      <nav aria-label={title} className="hidden lg:block">
        <ol className="sticky top-40 grid gap-2 text-sm">
          {sections.map((s, i) => (
            <li key={s.heading}>
              <a
                href={`#${anchor(i)}`}
                className="rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <article className="max-w-prose">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{updated}</p>
        {sections.map((s, i) => (
          <section
            key={s.heading}
            id={anchor(i)}
            aria-labelledby={`${anchor(i)}-h`}
            className="mt-8 scroll-mt-40"
          >
            <h2 id={`${anchor(i)}-h`} className="text-xl font-semibold">
              {s.heading}
            </h2>
            {s.body.map((p) => (
              <p key={p.slice(0, 40)} className="mt-3 leading-relaxed text-foreground/90">
                {p}
              </p>
            ))}
          </section>
        ))}
      </article>
    </div>
  )
}
