import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { type BackupSource, createBackup, mediaPath } from '#server/services/backup/backup.ts'
import { type RestoreTarget, restoreBackup } from '#server/services/backup/restore.ts'
import { LocalMediaStore } from '#server/services/media/local-media-store.ts'
import type { MediaStore } from '#server/services/media/media-store.ts'
import { createAd, liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp, type TestApp } from '#tests/support/api-app.ts'
import { jpeg, tempDir, uploaded } from '#tests/support/media.ts'

// npm run backup / restore (src/server/services/backup/): a site with ads, photos and wallet
// balances, backed up, restored into an empty database and an empty store, is the same site.

const sourceMedia = tempDir('maple-backup-source-')
const api = setupTestApp({ MEDIA_DIR: sourceMedia })
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(sourceMedia, { recursive: true, force: true })]
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

type Query = (text: string) => Promise<Record<string, unknown>[]>

/** What must survive: every ad, wallet and media row, as plain values. */
async function siteState(query: Query) {
  return {
    ads: await query('SELECT id, title, status, owner_id, images FROM ads ORDER BY id'),
    wallets: await query('SELECT user_id, balance_cents FROM wallets ORDER BY user_id'),
    ledger: await query('SELECT user_id, type, amount_cents FROM wallet_transactions ORDER BY id'),
    media: await query('SELECT id, ad_id, storage_keys, bytes FROM media ORDER BY id'),
  }
}

async function bytesOf(store: MediaStore, key: string): Promise<Buffer> {
  const stream = await store.read(key)
  if (!stream) throw new Error(`no file ${key}`)
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function pgliteClient(t: TestApp): PGlite {
  const client = (t.db as { $client?: unknown }).$client
  if (!(client instanceof PGlite)) throw new Error('not a PGlite database')
  return client
}

/** The backup source, and an empty target of the same kind with a way to query it once restored. */
async function sourceAndTarget(t: TestApp): Promise<{
  source: BackupSource
  target: RestoreTarget
  open: () => Promise<Query>
}> {
  if (t.kind === 'postgres') {
    const url = t.config.DATABASE_URL
    if (!url) throw new Error('no DATABASE_URL')
    const name = `${new URL(url).pathname.slice(1)}_restored_${randomBytes(3).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
    await admin.end()
    const target = new URL(url)
    target.pathname = `/${name}`
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: url })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await dropper.end()
    })
    return {
      source: { kind: 'postgres', url },
      target: { kind: 'postgres', url: target.toString() },
      open: async () => {
        const client = new pg.Client({ connectionString: target.toString() })
        await client.connect()
        cleanups.push(() => client.end())
        return async (text) => (await client.query(text)).rows
      },
    }
  }
  const dataDir = join(tempDir('maple-backup-pglite-'), 'data')
  cleanups.push(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }))
  return {
    source: { kind: 'pglite', client: pgliteClient(t) },
    target: { kind: 'pglite', dataDir },
    open: async () => {
      const client = new PGlite(dataDir, { extensions: { unaccent, pg_trgm } })
      cleanups.push(() => client.close())
      return async (text) => (await client.query<Record<string, unknown>>(text)).rows
    },
  }
}

describe('npm run backup, then npm run restore', () => {
  it('gives back every ad, photo (the same bytes) and wallet balance in an empty database and store', async () => {
    const t = api.t
    const rich = await member(t, { cents: 1234 })
    const poor = await member(t, { cents: 50 })
    const photos = [
      await uploaded(t, rich, await jpeg(900, 600, 1)),
      await uploaded(t, rich, await jpeg(600, 900, 2)),
    ]
    const cover = await uploaded(t, poor, await jpeg(800, 800, 3))
    const liveId = await liveAd(t, rich, { images: photos.map((p) => p.id) })
    const pendingId = await createAd(t, poor, { title: 'Pending with a photo', images: [cover.id] })
    // an upload no ad claimed yet is a row too, and its file must come back with it
    await uploaded(t, poor, await jpeg(400, 300, 4))

    const query: Query = async (text) => {
      const result = (await t.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }
      return result.rows
    }
    const before = await siteState(query)
    expect(before.ads.map((ad) => ad.id).sort()).toEqual([liveId, pendingId].sort())
    expect(before.media).toHaveLength(4)
    const keys = [...new Set(before.media.flatMap((row) => row.storage_keys as string[]))]
    const store = t.app.mediaLibrary.store
    const originals = new Map(
      await Promise.all(keys.map(async (key) => [key, await bytesOf(store, key)] as const)),
    )

    const { source, target, open } = await sourceAndTarget(t)
    const backupDir = join(tempDir('maple-backup-'), 'backup')
    cleanups.push(() => rmSync(join(backupDir, '..'), { recursive: true, force: true }))
    const manifest = await createBackup({
      source,
      store,
      dir: backupDir,
      app: { name: 'maple', version: 'test' },
    })
    expect(manifest.database.kind).toBe(t.kind)
    expect(manifest.media.keys.sort()).toEqual([...keys].sort())
    expect(manifest.media.missing).toEqual([])
    expect(JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'))).toEqual(manifest)

    const emptyDir = tempDir('maple-backup-restored-media-')
    cleanups.push(() => rmSync(emptyDir, { recursive: true, force: true }))
    const emptyStore = new LocalMediaStore(emptyDir)
    await restoreBackup({ dir: backupDir, target, store: emptyStore })

    expect(await siteState(await open())).toEqual(before)
    for (const key of keys)
      expect((await bytesOf(emptyStore, key)).equals(originals.get(key) ?? Buffer.alloc(0))).toBe(true)
  }, 240_000)

  it('refuses to restore over a database that has data, and a backup whose file was damaged', async () => {
    const t = api.t
    const m = await member(t, { cents: 300 })
    await liveAd(t, m, { images: [(await uploaded(t, m, await jpeg(500, 500, 5))).id] })
    const { source } = await sourceAndTarget(t)
    const backupDir = join(tempDir('maple-backup-'), 'backup')
    cleanups.push(() => rmSync(join(backupDir, '..'), { recursive: true, force: true }))
    const manifest = await createBackup({
      source,
      store: t.app.mediaLibrary.store,
      dir: backupDir,
      app: { name: 'maple', version: 'test' },
    })
    await expect(
      createBackup({ source, store: t.app.mediaLibrary.store, dir: backupDir, app: manifest.app }),
    ).rejects.toThrow(/not empty/)

    const into: RestoreTarget =
      source.kind === 'postgres'
        ? { kind: 'postgres', url: source.url }
        : { kind: 'pglite', dataDir: sourceMedia }
    await expect(
      restoreBackup({ dir: backupDir, target: into, store: t.app.mediaLibrary.store }),
    ).rejects.toThrow(/not empty/)

    const [key] = manifest.media.keys
    if (!key) throw new Error('no media key')
    const copy = mediaPath(backupDir, key)
    expect(existsSync(copy)).toBe(true)
    const { target } = await sourceAndTarget(t)
    writeFileSync(copy, Buffer.from('not the photo'))
    const emptyDir = tempDir('maple-backup-restored-media-')
    cleanups.push(() => rmSync(emptyDir, { recursive: true, force: true }))
    await expect(
      restoreBackup({ dir: backupDir, target, store: new LocalMediaStore(emptyDir) }),
    ).rejects.toThrow(/damaged/)
  }, 240_000)
})
