import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { StartupWork } from './startup-work.ts'

const warnings: unknown[] = []
const log = { warn: (fields: unknown) => void warnings.push(fields) } as unknown as FastifyBaseLogger

describe('StartupWork', () => {
  it('runs nothing before the app is ready, then every task, and says what is still pending', async () => {
    const work = new StartupWork()
    let ran = 0
    let finish = () => {}
    const slow = work.add('city index', async () => {
      ran++
      await new Promise<void>((resolve) => {
        finish = resolve
      })
      return 42
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(ran).toBe(0)
    expect(work.unfinished()).toEqual(['city index'])

    work.start(log)
    expect(ran).toBe(1)
    expect(work.unfinished()).toEqual(['city index'])
    finish()
    expect(await slow).toBe(42)
    await work.settled()
    expect(work.unfinished()).toEqual([])
  })

  it('tries a failing task again until it succeeds, with one warning per failure', async () => {
    const work = new StartupWork()
    work.start(log)
    let tries = 0
    const before = warnings.length
    const seeded = work.add('demo ads', async () => {
      tries++
      if (tries < 2) throw new Error('Connection terminated unexpectedly')
      return 'seeded'
    })
    expect(await seeded).toBe('seeded')
    expect(tries).toBe(2)
    expect(warnings.length - before).toBe(1)
    expect(warnings.at(-1)).toMatchObject({ task: 'demo ads', reason: 'Connection terminated unexpectedly' })
  })

  it('stops retrying when the app closes, without waiting out the back-off', async () => {
    const work = new StartupWork()
    work.start(log)
    let tries = 0
    void work.add('never', async () => {
      tries++
      throw new Error('down')
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const started = Date.now()
    await work.stop()
    expect(Date.now() - started).toBeLessThan(900)
    expect(tries).toBe(1)
    expect(work.unfinished()).toEqual(['never'])
  })
})
