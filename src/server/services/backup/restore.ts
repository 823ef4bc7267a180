import { createHash } from 'node:crypto'
import { createReadStream, existsSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { PGLITE_EXTENSIONS } from '#server/db/client.ts'
import type { MediaStore } from '#server/services/media/media-store.ts'
import { expectedDigest, mediaPath } from './backup.ts'
import { BACKUP_FILES, type Manifest, ManifestSchema } from './manifest.ts'
import { runPgTool } from './pg-tools.ts'

/** Where a backup goes back: an empty PostgreSQL database, or a PGlite data directory not yet made. */
export type RestoreTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string }

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', mp4: 'video/mp4', webm: 'video/webm' }

export async function readManifest(dir: string): Promise<Manifest> {
  const path = join(dir, BACKUP_FILES.manifest)
  if (!existsSync(path))
    throw new Error(`${dir} has no ${BACKUP_FILES.manifest}: not a backup, or an unfinished one`)
  const parsed = ManifestSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.issues.map((i) => i.message).join('; ')}`)
  return parsed.data
}

async function restorePostgres(url: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    )
    // restoring over live data would mix two sites' rows: only into a database made for it
    if ((rows[0]?.n ?? 0) > 0)
      throw new Error('the target database is not empty: restore into a new one (createdb)')
  } finally {
    await client.end()
  }
  await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', url, file])
}

async function restorePglite(dataDir: string, file: string): Promise<void> {
  if (dataDir.startsWith('memory://')) throw new Error('DATA_DIR is memory://: restore into a directory')
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into a new DATA_DIR`)
  }
  const archive = new Blob([await readFile(file)])
  const client = new PGlite(dataDir, { loadDataDir: archive, extensions: PGLITE_EXTENSIONS })
  await client.waitReady
  await client.close()
}

async function digestOf(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

/**
 * Puts a backup back: the database into an empty target, then each media file into the store,
 * each checked against the digest its key names first. Files the store already has are left as
 * they are (same key, same bytes), so a restore stopped half way can simply be run again on the store.
 */
export async function restoreBackup(options: {
  dir: string
  target: RestoreTarget
  store: MediaStore
}): Promise<Manifest> {
  const { dir, target, store } = options
  const manifest = await readManifest(dir)
  if (manifest.database.kind !== target.kind) {
    throw new Error(
      `this backup holds a ${manifest.database.kind} database and the target is ${target.kind}: restore it where it came from, then move the data with the app's own tools`,
    )
  }
  const dump = join(dir, manifest.database.file)
  if (target.kind === 'postgres') await restorePostgres(target.url, dump)
  else await restorePglite(target.dataDir, dump)
  const missing = new Set(manifest.media.missing)
  for (const key of manifest.media.keys) {
    if (missing.has(key)) continue
    const path = mediaPath(dir, key)
    if ((await digestOf(path)) !== expectedDigest(key))
      throw new Error(`media ${key}: the backup's copy is damaged`)
    const type = CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
    await store.put(key, { path, size: (await stat(path)).size }, type)
  }
  return manifest
}
