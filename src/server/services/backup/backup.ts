import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { MediaStore } from '#server/services/media/media-store.ts'
import { BACKUP_FILES, type Manifest } from './manifest.ts'
import { runPgTool } from './pg-tools.ts'

/** The database a backup reads: a PostgreSQL server, or the PGlite files of a stopped app. */
export type BackupSource = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite }

const MEDIA_KEYS_SQL = 'SELECT DISTINCT unnest(storage_keys) AS key FROM media ORDER BY 1'

/** Where a media file goes in the backup (and comes from in a restore): fanned out as on disk. */
export function mediaPath(dir: string, key: string): string {
  return join(dir, BACKUP_FILES.media, key.slice(0, 2), key)
}

/** The SHA-256 a content-addressed key names: `<sha256 hex>.<ext>` (media-keys.ts). */
export function expectedDigest(key: string): string {
  return key.slice(0, 64)
}

/**
 * pg_dump in the snapshot of a transaction that reads the media keys, so the keys are exactly
 * those the dump's rows name: a row written or deleted meanwhile is in neither or in both.
 */
async function dumpPostgres(url: string, file: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]?.id
    if (!snapshot) throw new Error('PostgreSQL exported no snapshot')
    const keys = (await client.query<{ key: string }>(MEDIA_KEYS_SQL)).rows.map((row) => row.key)
    // the transaction stays open until pg_dump is done: its snapshot lives only as long
    await runPgTool('pg_dump', [
      '--format=custom',
      `--snapshot=${snapshot}`,
      '--no-owner',
      '--no-privileges',
      '--file',
      file,
      '--dbname',
      url,
    ])
    await client.query('COMMIT')
    return keys
  } finally {
    await client.end()
  }
}

/**
 * PGlite's own copy of its data directory. PGlite is one process's embedded database: the app must
 * be stopped, or it would write beside this copy (the backup script opens the directory itself).
 */
async function dumpPglite(client: PGlite, file: string): Promise<string[]> {
  const keys = (await client.query<{ key: string }>(MEDIA_KEYS_SQL)).rows.map((row) => row.key)
  const archive = await client.dumpDataDir('gzip')
  await writeFile(file, Buffer.from(await archive.arrayBuffer()))
  return keys
}

/** Copies one file out of the store, checking its bytes against the digest its key names. */
async function copyOut(store: MediaStore, key: string, target: string): Promise<number | null> {
  const source = await store.read(key)
  if (source === null) return null
  await mkdir(join(target, '..'), { recursive: true })
  const hash = createHash('sha256')
  let bytes = 0
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      bytes += chunk.length
      done(null, chunk)
    },
  })
  const partial = `${target}.partial`
  await pipeline(source, hashing, createWriteStream(partial))
  if (hash.digest('hex') !== expectedDigest(key))
    throw new Error(`media ${key}: the store gave bytes of another digest`)
  await rename(partial, target)
  return bytes
}

/**
 * Writes a backup into `dir` (new or empty): the database first, then every media file its rows
 * name, then manifest.json, which marks the backup complete. Media files never change once written
 * (their key is their digest), so copying them after the dump gives the dump's very files.
 */
export async function createBackup(options: {
  source: BackupSource
  store: MediaStore
  dir: string
  app: Manifest['app']
  now?: Date
}): Promise<Manifest> {
  const { source, store, dir } = options
  await mkdir(dir, { recursive: true })
  if ((await readdir(dir)).length > 0)
    throw new Error(`${dir} is not empty: a backup goes into a new directory`)
  const database: Manifest['database'] =
    source.kind === 'postgres'
      ? { kind: 'postgres', file: BACKUP_FILES.postgresDump, method: 'pg_dump --format=custom' }
      : { kind: 'pglite', file: BACKUP_FILES.pgliteDump, method: 'PGlite dumpDataDir (gzip)' }
  const keys =
    source.kind === 'postgres'
      ? await dumpPostgres(source.url, join(dir, database.file))
      : await dumpPglite(source.client, join(dir, database.file))
  const missing: string[] = []
  let total = 0
  for (const key of keys) {
    const bytes = await copyOut(store, key, mediaPath(dir, key))
    if (bytes === null) missing.push(key)
    else total += bytes
  }
  const manifest: Manifest = {
    format: 1,
    createdAt: (options.now ?? new Date()).toISOString(),
    app: options.app,
    database,
    media: { store: store.kind, keys, bytes: total, missing },
  }
  await writeFile(join(dir, BACKUP_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}
