import { Link } from '@tanstack/react-router'
import { PageHead } from '#client/components/layout/page-head.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { categoryName, provinceLabel } from '#client/i18n/names.ts'
import { CATEGORIES } from '#domain/categories.ts'
import type { ProvinceOrAll } from '#domain/provinces.ts'

/**
 * /ca/{province}/{not a category}: a 404 (the server render answers with this page's status), never
 * another category's listing under a URL that does not exist, which search engines would index
 * as a duplicate. The real categories of the same province are one click away.
 */
export function UnknownCategory({ province }: { province: ProvinceOrAll }) {
  const m = msg.listing
  const place = provinceLabel(province)
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
      <PageHead
        title={m.unknownCategoryTitle}
        description={m.unknownCategoryTitle}
        canonicalPath="/"
        status={404}
        noindex
      />
      <h1 className="text-xl font-semibold">{m.unknownCategoryTitle}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{fill(m.unknownCategoryText, { place })}</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-3">
        {CATEGORIES.map((category) => (
          <li key={category.key}>
            <Link
              to="/ca/$province/$category"
              params={{ province, category: category.key }}
              className="inline-flex rounded-full border border-border px-4 py-2 text-sm hover:bg-accent"
            >
              {categoryName(category.key)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
