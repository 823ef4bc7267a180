import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LocalMediaStore } from '#server/services/media/local-media-store.ts'
import { CountingMediaStore } from './counting-media-store.ts'
import { Metrics } from './metrics.ts'

const KEY = `${'ab'.repeat(32)}.webp`
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function errorsOf(metrics: Metrics, operation: string): Promise<number | undefined> {
  const { body } = await metrics.exposition()
  const line = body
    .split('\n')
    .find((l) => l.startsWith(`maple_media_store_errors_total{operation="${operation}"}`))
  return line === undefined ? undefined : Number(line.split(' ').at(-1))
}

describe('CountingMediaStore', () => {
  it('counts each failing call by operation and passes the error on', async () => {
    const metrics = new Metrics()
    // a "directory" under a file: every write and read fails as a broken disk would
    const broken = new CountingMediaStore(new LocalMediaStore('/dev/null/media'), (op) =>
      metrics.countMediaStoreError(op),
    )
    await expect(broken.put(KEY, Buffer.from('photo'), 'image/webp')).rejects.toThrow(/ENOTDIR/)
    await expect(broken.put(KEY, Buffer.from('photo'), 'image/webp')).rejects.toThrow()
    await expect(broken.read(KEY)).rejects.toThrow()
    expect(await errorsOf(metrics, 'put')).toBe(2)
    expect(await errorsOf(metrics, 'read')).toBe(1)
    expect(await errorsOf(metrics, 'delete')).toBeUndefined()
  })

  it('counts nothing while the store works, and answers as the store does', async () => {
    const metrics = new Metrics()
    const dir = mkdtempSync(join(tmpdir(), 'maple-counting-'))
    dirs.push(dir)
    const store = new CountingMediaStore(new LocalMediaStore(dir), (op) => metrics.countMediaStoreError(op))
    expect(store.kind).toBe('local')
    await store.put(KEY, Buffer.from('photo'), 'image/webp')
    expect(await store.size(KEY)).toBe(5)
    expect(await store.size(`${'cd'.repeat(32)}.webp`)).toBeNull()
    await store.delete(KEY)
    expect(await store.size(KEY)).toBeNull()
    expect((await metrics.exposition()).body).not.toMatch(/^maple_media_store_errors_total\{/m)
  })
})
