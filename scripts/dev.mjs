#!/usr/bin/env node
// `npm run dev`: the API under `tsx watch` on API_PORT (default 8081) and the Vite dev server (which
// proxies /api there, see vite.config.ts) side by side. Ctrl-C stops both; if either dies, so does the
// other, so a half-running dev loop never lingers.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '8081'
const children = []
let shuttingDown = false

function run(name, command, args, env) {
  // each child leads its own process group, so stopping it also stops what npx started under it
  // (stdin is not passed on: a background process group reading the terminal would be stopped)
  const child = spawn(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
    detached: true,
  })
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`[dev] ${name} exited (code ${code}, signal ${signal}); stopping the others`)
      shutdown(code ?? 1)
    }
  })
  children.push(child)
  return child
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

function shutdown(code) {
  if (shuttingDown) return
  shuttingDown = true
  for (const child of children) if (child.exitCode === null) signalGroup(child, 'SIGTERM')
  // give PGlite time to close its files, then make sure nothing is left behind
  const timer = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) signalGroup(child, 'SIGKILL')
    process.exit(code)
  }, 5_000)
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(
    () => {
      clearTimeout(timer)
      process.exit(code)
    },
  )
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => shutdown(0))

console.log(`[dev] API on http://127.0.0.1:${apiPort} (tsx watch), app on http://localhost:5173 (vite)`)
run('api', 'npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  PORT: apiPort,
  HOST: process.env.HOST ?? '127.0.0.1',
})
run('vite', 'npx', ['vite', ...process.argv.slice(2)], { API_PORT: apiPort })
