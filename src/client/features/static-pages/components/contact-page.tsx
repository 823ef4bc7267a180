import { ClockIcon, FlagIcon, MailIcon } from 'lucide-react'
import { msg } from '#client/i18n/messages.ts'
import { ContactForm } from './contact-form.tsx'

const t = msg.static.contact

export function ContactPage() {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 lg:grid-cols-[1fr_18rem]">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="mt-2 text-muted-foreground">{t.intro}</p>
        <div className="mt-8">
          <ContactForm />
        </div>
      </div>
      <aside className="grid content-start gap-4">
        <InfoCard icon={<ClockIcon className="size-5" aria-hidden="true" />} title={t.phoneTitle}>
          {t.phoneHours}
        </InfoCard>
        <InfoCard icon={<MailIcon className="size-5" aria-hidden="true" />} title={t.emailTitle}>
          {t.emailAddress}
        </InfoCard>
        <InfoCard icon={<FlagIcon className="size-5" aria-hidden="true" />} title={t.reportTitle}>
          {t.reportBody}
        </InfoCard>
      </aside>
    </div>
  )
}

function InfoCard({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode
  title: string
  children: React.ReactNode
}) {
  return (
    <section className="rounded-xl border border-border bg-card p-5 shadow-sm">
      <h2 className="flex items-center gap-2 font-semibold">
        <span className="text-primary">{icon}</span>
        {title}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{children}</p>
    </section>
  )
}
