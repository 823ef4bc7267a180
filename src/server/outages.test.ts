import { DrizzleQueryError } from 'drizzle-orm/errors'
import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { DependencyUnavailable, OutageLog, outageOf, outageReason } from './outages.ts'

// a PostgreSQL error as node-postgres gives it: a message and the server's SQLSTATE
function pgError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code })
}

// as drizzle wraps every query's error: its message holds the SQL and its values
const failedQuery = (cause: unknown) =>
  new DrizzleQueryError(
    'select "email" from "users" where "email" = $1',
    ['someone@example.com'],
    cause as Error,
  )

describe('outageOf', () => {
  it('names the database for a connection ended, refused or timed out under a query', () => {
    expect(
      outageOf(failedQuery(pgError('terminating connection due to administrator command', '57P01'))),
    ).toBe('database')
    expect(outageOf(failedQuery(pgError('canceling statement due to statement timeout', '57014')))).toBe(
      'database',
    )
    expect(outageOf(failedQuery(new Error('Connection terminated unexpectedly')))).toBe('database')
    expect(outageOf(failedQuery(new Error('Query read timeout')))).toBe('database')
    expect(outageOf(new Error('timeout exceeded when trying to connect'))).toBe('database')
    expect(
      outageOf(failedQuery(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))),
    ).toBe('database')
  })

  it('names the dependency a wrapper named', () => {
    expect(outageOf(new DependencyUnavailable('media store', { cause: new Error('socket hang up') }))).toBe(
      'media store',
    )
  })

  it('leaves a bad query, a broken constraint and a plain bug to be a 500', () => {
    expect(
      outageOf(failedQuery(pgError('duplicate key value violates unique constraint', '23505'))),
    ).toBeUndefined()
    expect(outageOf(failedQuery(pgError('syntax error at or near "selec"', '42601')))).toBeUndefined()
    expect(outageOf(new TypeError('cannot read properties of undefined'))).toBeUndefined()
    // a refused socket outside any query is nobody we can name
    expect(
      outageOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBeUndefined()
  })
})

describe('outageReason', () => {
  it('gives the innermost message and its code, never the query or its values', () => {
    const reason = outageReason(
      failedQuery(pgError('terminating connection due to administrator command', '57P01')),
    )
    expect(reason).toBe('terminating connection due to administrator command (57P01)')
    expect(reason).not.toMatch(/select|example\.com/)
  })
})

interface Line {
  level: 'warn' | 'info'
  fields: Record<string, unknown>
  msg: string
}

function recordingLogger(lines: Line[]): FastifyBaseLogger {
  const write = (level: Line['level']) => (fields: Record<string, unknown>, msg: string) =>
    void lines.push({ level, fields, msg })
  return { warn: write('warn'), info: write('info') } as unknown as FastifyBaseLogger
}

describe('OutageLog', () => {
  it('writes one line when an outage starts and one when the dependency is back, however many requests failed', () => {
    const lines: Line[] = []
    let now = 0
    const outages = new OutageLog(recordingLogger(lines), 30_000, () => now)
    for (let i = 0; i < 100; i++) {
      now += 10
      outages.failed('database', new Error('Connection terminated unexpectedly'))
    }
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'warn', fields: { dependency: 'database' } })
    expect(outages.down('database')).toBe(true)
    now += 5_000
    outages.recovered('database')
    outages.recovered('database')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatchObject({
      level: 'info',
      fields: { dependency: 'database', failures: 100, seconds: 6 },
    })
    expect(outages.down('database')).toBe(false)
  })

  it('counts a failure after a quiet spell as a new outage, and each dependency on its own', () => {
    const lines: Line[] = []
    let now = 0
    const outages = new OutageLog(recordingLogger(lines), 30_000, () => now)
    outages.failed('database', new Error('a'))
    outages.failed('media store', new Error('b'))
    now += 31_000
    outages.failed('database', new Error('c'))
    expect(lines.map((l) => l.fields.dependency)).toEqual(['database', 'media store', 'database'])
  })

  // the fault drill (issue 43): the Redis line said "answering 503 with Retry-After" while every
  // request was served (docs/decisions/041-fault-drill.md)
  it('says a Redis outage is served without it, and only the outages that cost requests a 503 say so', () => {
    const lines: Line[] = []
    const outages = new OutageLog(recordingLogger(lines))
    outages.failed('redis', new Error('connect ECONNREFUSED'))
    outages.failed('database', new Error('connect ECONNREFUSED'))
    outages.failed('media store', new Error('connect ECONNREFUSED'))
    const [redis, database, media] = lines.map((line) => line.msg)
    expect(redis).toMatch(/^redis unavailable: serving without it/)
    expect(redis).not.toMatch(/503/)
    expect(database).toMatch(/^database unavailable: .*503 with Retry-After/)
    expect(media).toMatch(/^media store unavailable: .*503 with Retry-After/)
  })
})
