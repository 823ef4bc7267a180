// The server's layers are Biome's rules (biome.json, docs/decisions/038-server-wiring.md): a file that
// breaks one fails `npm run lint`. Each case writes a one-line file into the layer it tests, lints it
// and removes it.
import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')

/** Biome's verdict on a file holding `source` at `path` (relative to the repository). */
function lint(path: string, source: string): { ok: boolean; output: string } {
  const file = join(ROOT, path)
  writeFileSync(file, source)
  try {
    // without the import-cycle rule, which reads the whole project for each file: these probes are
    // about the layers' import rules only, and stay a second each on a busy machine
    execFileSync('npx', ['biome', 'lint', '--max-diagnostics=5', '--skip=suspicious/noImportCycles', file], {
      cwd: ROOT,
      stdio: 'pipe',
    })
    return { ok: true, output: '' }
  } catch (error) {
    const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer }
    return { ok: false, output: `${stdout}${stderr}` }
  } finally {
    rmSync(file, { force: true })
  }
}

describe('the server layers, as lint rules', () => {
  it('refuses a route that reaches the database itself, and lets it read a row type', () => {
    const refused = lint(
      'src/server/routes/layer-probe-db.ts',
      "import { sql } from 'drizzle-orm'\n\nexport const probe = sql`1`\n",
    )
    expect(refused.ok).toBe(false)
    expect(refused.output).toContain('noRestrictedImports')
    const allowed = lint(
      'src/server/routes/layer-probe-type.ts',
      "import type { users } from '#server/db/schema/users.ts'\n\nexport type Probe = typeof users\n",
    )
    expect(allowed.output).not.toContain('noRestrictedImports')
  }, 60_000)

  it('refuses a database module that imports a service, and a service that imports a route', () => {
    const db = lint(
      'src/server/db/layer-probe.ts',
      "import { AdsService } from '#server/services/ads/ads-service.ts'\n\nexport const probe = AdsService\n",
    )
    expect(db.ok).toBe(false)
    expect(db.output).toContain('src/server/db is the bottom layer')
    const service = lint(
      'src/server/services/layer-probe.ts',
      "import adsRoutes from '#server/routes/ads.ts'\n\nexport const probe = adsRoutes\n",
    )
    expect(service.ok).toBe(false)
    expect(service.output).toContain('noRestrictedImports')
  }, 60_000)
})
