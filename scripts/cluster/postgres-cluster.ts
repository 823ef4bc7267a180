import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { atCleanup, freePort, run, runAsync } from './processes.ts'

// A throwaway PostgreSQL 15 cluster from Debian's binaries, in its own temporary directory and on
// its own port: never the shared server on 5432. PostgreSQL refuses to run as root, so as root the
// commands run as the `postgres` user (runuser), who then owns the directory.

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

export interface PostgresCluster {
  port: number
  url: string
  /** pg_ctl restart -m fast: every connection is closed, the server is back when it resolves. */
  restart(): Promise<void>
  /** pg_ctl stop -m immediate, then its directory goes. */
  stop(): void
  /** Starts it again after stop(): the server answers when it resolves. */
  start(): Promise<void>
}

function asPostgresArgs(command: string, args: string[]): [string, string[]] {
  const binary = join(BIN, command)
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args]
}

function asPostgres(command: string, args: string[]): string {
  return run(...asPostgresArgs(command, args))
}

export async function startPostgresCluster(database: string): Promise<PostgresCluster> {
  if (!existsSync(join(BIN, 'initdb'))) throw new Error(`no initdb in ${BIN} (apt-get install postgresql-15)`)
  const dir = mkdtempSync(join(tmpdir(), 'maple-cluster-pg-'))
  atCleanup('postgres directory', () => rmSync(dir, { recursive: true, force: true }))
  if (process.getuid?.() === 0) {
    const uid = Number(run('id', ['-u', 'postgres']).trim())
    const gid = Number(run('id', ['-g', 'postgres']).trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  const port = await freePort()
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
  // durability off: this cluster lives for one run, and the machine is shared
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`
  const stop = () => {
    if (existsSync(join(data, 'postmaster.pid')))
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
  }
  const startArgs = ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']
  asPostgres('pg_ctl', startArgs)
  atCleanup('postgres', stop)
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${database}"`)
  } finally {
    await admin.end()
  }
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    restart: async () => {
      const restart = ['-D', data, '-l', join(dir, 'server.log'), '-m', 'fast', '-w', '-t', '60', 'restart']
      await runAsync(...asPostgresArgs('pg_ctl', restart))
    },
    stop,
    start: async () => {
      await runAsync(...asPostgresArgs('pg_ctl', startArgs))
    },
  }
}
