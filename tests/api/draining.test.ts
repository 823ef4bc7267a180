import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createScratchPostgres, type ScratchDatabase, testDbKind } from '#tests/support/api-app.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'

// SIGTERM on a real server process (src/server/main.ts): /readyz turns 503 at once, requests keep
// being served, kept-alive connections' and those in flight included, for SHUTDOWN_GRACE_MS, then
// the process exits 0. It used to close at once: a balancer's kept-alive connection got 503 for
// every request still on its way (docs/decisions/027-health-and-draining.md).

const GRACE_MS = 8_000

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  reusedSocket: boolean
}

function get(base: string, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, reusedSocket: req.reusedSocket }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

// the process's log and answers, polled every 50 ms for at most a minute
const WAIT = { timeout: 60_000, interval: 50 }

describe('a server process on SIGTERM', () => {
  let scratch: ScratchDatabase | undefined
  let server: ServerProcess | undefined
  afterAll(async () => {
    await server?.stop()
    await scratch?.drop()
  })

  it('turns /readyz 503 at once, serves kept-alive and in-flight requests through the grace period, then exits 0', async () => {
    if (testDbKind() === 'postgres') scratch = await createScratchPostgres(process.env.DATABASE_URL ?? '')
    server = await startServer({
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    })
    const { base, lines } = server
    // one kept-alive connection, as a balancer holds to each backend
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    expect((await get(base, '/readyz', agent)).status).toBe(200)

    // a request in flight: its body half sent when the signal comes
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the right password' })
    const inFlight = connect(Number(new URL(base).port), '127.0.0.1')
    let answer = ''
    inFlight.setEncoding('utf8')
    inFlight.on('data', (chunk: string) => {
      answer += chunk
    })
    await new Promise<void>((resolve) => inFlight.once('connect', resolve))
    inFlight.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    )

    server.child.kill('SIGTERM')
    await vi.waitFor(
      () => expect(lines, 'the draining line').toContainEqual(expect.stringContaining('draining')),
      WAIT,
    )
    const signalledAt = Date.now()

    const ready = await get(base, '/readyz', agent)
    expect(ready.reusedSocket).toBe(true)
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'draining' })
    // each answer now closes its connection, so the balancer's next one goes elsewhere
    expect(ready.headers.connection).toBe('close')
    const reachable = await get(base, '/api/', agent)
    expect(reachable.status).toBe(200)
    expect(JSON.parse(reachable.body)).toEqual({ status: 'ok' })

    inFlight.write(body.slice(10))
    await vi.waitFor(() => expect(answer, 'the answer to the request in flight').toMatch(/\r\n\r\n/), WAIT)
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])
    expect(status).toBeGreaterThanOrEqual(400)
    expect(status).toBeLessThan(500)
    inFlight.destroy()

    const { code } = await server.exited
    expect(code).toBe(0)
    // it listened until the grace period was over (what the machine's load adds only lengthens it)
    expect(Date.now() - signalledAt).toBeGreaterThan(GRACE_MS / 2)
    const shutdown = lines.findIndex((line) => line.includes('shutting down'))
    expect(shutdown).toBeGreaterThan(-1)
    agent.destroy()
  }, 400_000)
})
