// The API project's global setup (vitest.config.ts): one migrated PGlite, archived once per run, that
// every test file's in-memory database starts from (tests/support/api-app.ts). A fresh PGlite's
// initdb and migrations took about 2.6 s per file on two cores; starting from the archive, 0.4 s.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { TestProject } from 'vitest/node'
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from '#server/db/client.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrated archive's path, or '' when the files run on PostgreSQL */
    pgliteTemplate: string
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if ((process.env.TEST_DB ?? 'pglite').toLowerCase() !== 'pglite') {
    project.provide('pgliteTemplate', '')
    return undefined
  }
  const client = new PGlite('memory://', { extensions: PGLITE_EXTENSIONS })
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER })
  const archive = await client.dumpDataDir('none')
  await client.close()
  const dir = await mkdtemp(join(tmpdir(), 'maple-pglite-template-'))
  const path = join(dir, 'migrated.tar')
  await writeFile(path, Buffer.from(await archive.arrayBuffer()))
  project.provide('pgliteTemplate', path)
  return () => rm(dir, { recursive: true, force: true })
}
