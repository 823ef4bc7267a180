import { Link } from '@tanstack/react-router'
import { msg } from '#client/i18n/messages.ts'
import { AppLink } from './app-link.tsx'
import { MapleMark } from './maple-mark.tsx'

const t = msg.layout
const link =
  'rounded-sm text-sm text-chrome-muted outline-none hover:text-white focus-visible:ring-2 focus-visible:ring-ring'

export function Footer() {
  return (
    <footer className="mt-auto bg-chrome text-chrome-foreground">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 md:flex-row md:items-start md:justify-between">
        <div className="max-w-md">
          <p className="flex items-center gap-2 text-lg font-bold">
            <MapleMark className="size-7" />
            {msg.app.name}
          </p>
          <p className="mt-2 text-sm text-chrome-muted">{msg.app.tagline}</p>
          <p className="mt-2 text-xs text-chrome-muted">{t.rights}</p>
        </div>
        <nav aria-label={t.footerNav}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/privacy" className={link}>
                {t.privacy}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={link}>
                {t.terms}
              </Link>
            </li>
            <li>
              <Link to="/contact" className={link}>
                {t.contact}
              </Link>
            </li>
            <li>
              <AppLink href="/admin" className={link}>
                {t.admin}
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10 py-4 text-center text-xs text-chrome-muted">
        © {new Date().getFullYear()} {msg.app.name}
      </div>
    </footer>
  )
}
