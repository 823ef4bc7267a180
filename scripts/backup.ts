// `npm run backup -- [directory]`: a backup of the database and the media store the app's settings
// name (the same environment as the server: DATABASE_URL or DATA_DIR, MEDIA_DIR or S3_*), into a
// new directory (default backups/maple-<UTC time>). README "Running in production" says how often
// and where to keep them; src/server/services/backup/ says how the two halves stay consistent.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { type Config, ConfigError, loadConfig } from '#server/config.ts'
import { PGLITE_EXTENSIONS } from '#server/db/client.ts'
import { type BackupSource, createBackup } from '#server/services/backup/backup.ts'
import { openMediaStore } from '#server/services/media/open-media-store.ts'

function config(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    for (const problem of error.problems) console.error(`backup: ${problem}`)
    process.exit(1)
  }
}

const settings = config()
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const dir = resolve(process.argv[2] ?? join('backups', `maple-${stamp}`))
const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string
  version: string
}

let pglite: PGlite | undefined
let source: BackupSource
if (settings.DATABASE_URL) {
  source = { kind: 'postgres', url: settings.DATABASE_URL }
} else {
  // PGlite belongs to one process: a running app would write beside the copy
  if (existsSync(join(settings.DATA_DIR, 'postmaster.pid'))) {
    console.error(
      `backup: ${settings.DATA_DIR} is open (postmaster.pid): stop the app first (after a crash, delete that file)`,
    )
    process.exit(1)
  }
  pglite = new PGlite(settings.DATA_DIR, { extensions: PGLITE_EXTENSIONS })
  source = { kind: 'pglite', client: pglite }
}
const store = openMediaStore(settings)
try {
  const manifest = await createBackup({ source, store, dir, app: { name, version } })
  const mb = (manifest.media.bytes / 1024 / 1024).toFixed(1)
  console.log(
    `backup: ${manifest.database.kind} database and ${manifest.media.keys.length} media files (${mb} MB) in ${dir}`,
  )
  if (manifest.media.missing.length > 0) {
    console.warn(
      `backup: ${manifest.media.missing.length} files named by rows were already gone from the store (listed in manifest.json)`,
    )
  }
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  await pglite?.close()
  store.close?.()
}
