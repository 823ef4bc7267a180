import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

// pg_dump and pg_restore from PostgreSQL's client package: PG_BIN when set, else Debian's 15, else
// the PATH. pg_dump must be at least as new as the server it dumps.
const DEBIAN_BIN = '/usr/lib/postgresql/15/bin'

function binary(name: 'pg_dump' | 'pg_restore'): string {
  const dir = process.env.PG_BIN ?? (existsSync(join(DEBIAN_BIN, name)) ? DEBIAN_BIN : undefined)
  return dir ? join(dir, name) : name
}

/** Runs a PostgreSQL client tool; rejects with its own words (stderr) when it fails. */
export function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary(name), args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8')
    })
    child.once('error', (error) =>
      reject(new Error(`${name}: ${error.message} (set PG_BIN to PostgreSQL's bin directory)`)),
    )
    child.once('exit', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`${name} failed (exit ${code}): ${errors.trim()}`))
    })
  })
}
