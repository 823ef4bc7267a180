import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'

// What the cluster test starts, and how it is all stopped again, on success, failure or Ctrl-C.

type Cleanup = () => void | Promise<void>

const cleanups: { name: string; run: Cleanup }[] = []

/** Runs `run` at the end, after everything registered later (last in, first out). */
export function atCleanup(name: string, run: Cleanup): void {
  cleanups.push({ name, run })
}

/** Runs every cleanup once, each even when an earlier one failed; returns what failed. */
export async function cleanUp(): Promise<string[]> {
  const failed: string[] = []
  while (cleanups.length > 0) {
    const step = cleanups.pop()
    if (!step) break
    try {
      await step.run()
    } catch (error) {
      failed.push(`${step.name}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return failed
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** Runs a command to its end; throws with its output when it fails. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', env: options.env ?? process.env })
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`,
    )
  }
  return result.stdout
}

/** `run` without blocking the event loop, so traffic the test sends meanwhile keeps flowing. */
export function runAsync(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code === 0) resolve(output)
      else reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output}`))
    })
  })
}

export interface Service {
  name: string
  child: ChildProcess
  logFile: string
  /** Resolves once the process has ended (at once if it has). */
  exited: Promise<void>
  alive(): boolean
  /** The last lines it printed. */
  tail(lines?: number): string
}

/**
 * Starts a long-running process in its own process group, its output in `logFile`, and registers
 * its end: SIGTERM to the group, then SIGKILL if it is still there after 5 s.
 */
export function startService(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; logFile: string; cwd?: string },
): Service {
  const log = openSync(options.logFile, 'a')
  const child = spawn(command, args, {
    env: options.env,
    cwd: options.cwd ?? process.cwd(),
    detached: true,
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  let ended = child.exitCode !== null
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      ended = true
      resolve()
    })
    child.once('error', () => {
      ended = true
      resolve()
    })
  })
  const service: Service = {
    name,
    child,
    logFile: options.logFile,
    exited,
    alive: () => !ended,
    tail: (lines = 20) => {
      try {
        return readFileSync(options.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
      } catch {
        return ''
      }
    },
  }
  atCleanup(name, () => stopService(service))
  return service
}

function signalGroup(service: Service, signal: NodeJS.Signals): void {
  if (!service.alive() || service.child.pid === undefined) return
  try {
    process.kill(-service.child.pid, signal)
  } catch {
    // already gone
  }
}

/** SIGKILL, as a crash or the OOM killer would: no shutdown code runs. */
export async function killHard(service: Service): Promise<void> {
  signalGroup(service, 'SIGKILL')
  await service.exited
}

export async function stopService(service: Service): Promise<void> {
  signalGroup(service, 'SIGTERM')
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref())
  if ((await Promise.race([service.exited, timeout])) === 'timeout') await killHard(service)
}

/** Polls `check` until it answers true; throws after `timeoutMs` naming `what`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 200,
): Promise<number> {
  const start = performance.now()
  for (;;) {
    try {
      if (await check()) return performance.now() - start
    } catch {
      // not yet
    }
    if (performance.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
