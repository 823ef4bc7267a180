import { defineConfig } from 'vitest/config'

// Three kinds of tests, each a vitest project so `npm run test:unit` stays fast and
// `npm run test:api` owns the database. E2E runs through Playwright (scripts/e2e.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./tests/support/unit-setup.ts'],
          // one jsdom and one module graph per worker for all its files: a fresh environment and a
          // fresh import of React, the router and the catalogs per file was 140 of the stage's 160 s.
          // Storage is cleared after every test (unit-setup.ts), each file unmounts what it rendered,
          // and the files pass in any order (--sequence.shuffle.files)
          isolate: false,
          // jsdom plus a router render can take seconds on CI's two shared cores (a 5 s default
          // timed out there once); a hung test still fails
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // every file's PGlite starts from one migrated archive made here
          globalSetup: ['./tests/support/pglite-template.ts'],
          // each file opens its own database (PGlite is single-connection and its initdb is slow): files
          // run one by one here, two at a time through `npm run test:api` (scripts/test-api.mjs)
          fileParallelism: false,
          // a worker runs its files one after another in one module graph: importing the whole server
          // again for every file was half the CPU of a pass (8 min of CPU to 4 on two cores). Each file
          // still builds its own app and database; env a file changes comes back (withOwnTmpDir)
          isolate: false,
          testTimeout: 30_000,
          // a fresh PGlite (initdb + migrations) took over 60 s once with four test runs sharing two cores
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
