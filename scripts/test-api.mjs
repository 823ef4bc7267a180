// Runs the API test files on the embedded PGlite, then, when DATABASE_URL is set, once more on
// PostgreSQL (each test file gets its own scratch database there, see tests/support/api-app.ts).
// Extra arguments go to vitest: `npm run test:api -- tests/api/meta.test.ts`.
import { spawnSync } from 'node:child_process'

const args = process.argv.slice(2)
// Two files at a time (each has its own database: a PGlite in memory, or a scratch PostgreSQL database):
// on CI's two cores this takes each pass from about 3.3 to 2.4 minutes. API_TEST_WORKERS=1 runs them
// one by one, as vitest.config.ts does by default.
const workers = process.env.API_TEST_WORKERS ?? '2'
const parallel = workers === '1' ? [] : ['--fileParallelism', `--maxWorkers=${workers}`]
const backends = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

for (const backend of backends) {
  console.log(`\n── API tests on ${backend} ──`)
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...parallel, ...args], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: backend },
  })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
if (backends.length === 1) console.log('\n(DATABASE_URL not set: PostgreSQL run skipped)')
