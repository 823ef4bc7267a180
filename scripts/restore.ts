// `npm run restore -- <backup directory>`: puts a backup made by `npm run backup` back into the
// database and media store the app's settings name (DATABASE_URL or DATA_DIR, MEDIA_DIR or S3_*).
// The database must be new and empty (createdb, or a DATA_DIR not yet made); the app stays stopped
// until it is done, then starts as usual.
import { resolve } from 'node:path'
import { type Config, ConfigError, loadConfig } from '#server/config.ts'
import { restoreBackup } from '#server/services/backup/restore.ts'
import { openMediaStore } from '#server/services/media/open-media-store.ts'

function config(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    for (const problem of error.problems) console.error(`restore: ${problem}`)
    process.exit(1)
  }
}

const from = process.argv[2]
if (!from) {
  console.error('usage: npm run restore -- <backup directory>')
  process.exit(1)
}
const settings = config()
const store = openMediaStore(settings)
try {
  const manifest = await restoreBackup({
    dir: resolve(from),
    target: settings.DATABASE_URL
      ? { kind: 'postgres', url: settings.DATABASE_URL }
      : { kind: 'pglite', dataDir: settings.DATA_DIR },
    store,
  })
  console.log(
    `restore: the ${manifest.database.kind} database of ${manifest.createdAt} and ${manifest.media.keys.length - manifest.media.missing.length} media files are back`,
  )
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  store.close?.()
}
