// A real server process (src/server/main.ts run by tsx), for what only a process shows: start-up
// races between processes, draining on SIGTERM, the change feed between two processes.
//
//   const server = await startServer({ DATABASE_URL: url, SHUTDOWN_GRACE_MS: '2000' })
//   await fetch(`${server.base}/readyz`)
//   server.child.kill('SIGTERM'); const { code } = await server.exited
import { type ChildProcess, spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  readonly base: string
  readonly child: ChildProcess
  /** Every line the process wrote (pino's JSON lines, and the lines written before the logger). */
  readonly lines: string[]
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Kills the process (SIGKILL) unless it has exited, and waits for it. */
  stop(): Promise<void>
}

// on two busy shared cores, tsx compiling the server and a first migration took over a minute
const START_TIMEOUT_MS = 180_000

async function until(test: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now()
  while (!(await test())) {
    if (Date.now() - started > timeoutMs) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Starts the server with `env` on top of a quiet test environment (PORT 0: the port is read from
 * its "listening on" line) and resolves once it listens, or once /readyz answers 200 when `ready`.
 */
export async function startServer(
  env: Record<string, string>,
  { ready = true }: { ready?: boolean } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: 'memory://',
      STATIC_DIR: join(tmpdir(), 'maple-no-static-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let base = ''
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue
      lines.push(line)
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
      if (listening?.[1]) base = listening[1]
    }
  }
  child.stdout?.on('data', read)
  child.stderr?.on('data', read)
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      exit = { code, signal }
      resolve(exit)
    })
  })
  const stop = async () => {
    if (exit === undefined) child.kill('SIGKILL')
    await exited
  }
  try {
    await until(
      () => {
        if (exit !== undefined)
          throw new Error(`the server exited (${JSON.stringify(exit)}):\n${lines.join('\n')}`)
        return base !== ''
      },
      START_TIMEOUT_MS,
      'the server to listen',
    )
    if (ready) {
      await until(
        async () => {
          if (exit !== undefined) throw new Error(`the server exited:\n${lines.join('\n')}`)
          return (await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200
        },
        START_TIMEOUT_MS,
        'GET /readyz to answer 200',
      )
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { base, child, lines, exited, stop }
}
