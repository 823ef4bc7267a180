import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Config } from './config.ts'
import { loggerOptions, requestLoggerFactory } from './logging.ts'

interface Line {
  level: number
  reqId?: string
  msg?: string
}

async function appLogging(level: Config['LOG_LEVEL']) {
  const lines: Line[] = []
  const options = loggerOptions({ LOG_LEVEL: level } as Config, {
    write: (line) => void lines.push(JSON.parse(line) as Line),
  })
  const app = Fastify({ logger: options, childLoggerFactory: requestLoggerFactory })
  app.get('/quiet', async () => ({ ok: true }))
  app.get('/chatty', async (request) => {
    request.log.info('an info line')
    request.log.warn('a warning')
    return { ok: true }
  })
  app.get('/broken', async () => {
    throw new Error('boom')
  })
  await app.ready()
  return { app, lines }
}

describe('request logging', () => {
  it('at warn, writes a request its warnings and errors with its request id, and nothing else', async () => {
    const { app, lines } = await appLogging('warn')
    await app.inject('/quiet')
    expect(lines).toEqual([])
    await app.inject('/chatty')
    expect(lines.map((l) => l.msg)).toEqual(['a warning'])
    expect(lines[0]?.reqId).toMatch(/^req-/)
    lines.length = 0
    const broken = await app.inject('/broken')
    expect(broken.statusCode).toBe(500)
    expect(lines).toHaveLength(1)
    expect(lines[0]?.level).toBe(50)
    expect(lines[0]?.reqId).toMatch(/^req-/)
    await app.close()
  })

  it('at info, writes every request in and out with its request id', async () => {
    const { app, lines } = await appLogging('info')
    await app.inject('/quiet?token=secret')
    const requestLines = lines.filter((l) => l.reqId !== undefined)
    expect(requestLines.map((l) => l.msg)).toEqual(['incoming request', 'request completed'])
    expect(new Set(requestLines.map((l) => l.reqId)).size).toBe(1)
    expect(JSON.stringify(lines)).not.toContain('secret')
    await app.close()
  })
})
