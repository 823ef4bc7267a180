import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadReporterKeys, REPORT_HASH_KEY_FILE, ReporterKeys } from './reporter-keys.ts'

const dirs: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'maple-reporter-keys-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('keyed reporter hashes', () => {
  it('hash an address and an e-mail under the key only, each kind apart, e-mails in any case alike', () => {
    const keys = new ReporterKeys('k'.repeat(32))
    const other = new ReporterKeys('j'.repeat(32))
    expect(keys.address('203.0.113.7')).toMatch(/^[0-9a-f]{64}$/)
    expect(keys.address('203.0.113.7')).not.toBe(other.address('203.0.113.7'))
    expect(keys.email('Ana@Example.com ')).toBe(keys.email('ana@example.com'))
    expect(keys.email('x')).not.toBe(keys.address('x'))
  })

  it('keep a development key in the data folder, private to its owner, and read it back on the next start', async () => {
    const dir = dataDir()
    const first = await loadReporterKeys(undefined, dir)
    const file = join(dir, REPORT_HASH_KEY_FILE)
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const second = await loadReporterKeys(undefined, dir)
    expect(second.address('a')).toBe(first.address('a'))
  })

  it('use REPORT_HASH_SECRET when set, and write nothing', async () => {
    const dir = dataDir()
    const keys = await loadReporterKeys('s'.repeat(40), dir)
    expect(keys.address('a')).toBe(new ReporterKeys('s'.repeat(40)).address('a'))
    expect(() => statSync(join(dir, REPORT_HASH_KEY_FILE))).toThrow()
  })
})
