import { describe, expect, it } from 'vitest'
import { Semaphore } from './semaphore.ts'

/** A task that runs until released, recording when it started. */
function gate(order: string[], name: string) {
  let release = () => {}
  const done = new Promise<void>((resolve) => {
    release = resolve
  })
  return {
    task: async () => {
      order.push(name)
      await done
    },
    release: () => release(),
  }
}

describe('Semaphore', () => {
  it('serves a second uploader before the rest of the first one’s photos', async () => {
    const semaphore = new Semaphore(1)
    const order: string[] = []
    const gates = ['a1', 'a2', 'a3', 'a4', 'b1'].map((name) => gate(order, name))
    const runs = gates.map((g, i) => semaphore.run(g.task, i < 4 ? 'alice' : 'bob'))
    for (const g of gates) {
      await new Promise((resolve) => setImmediate(resolve))
      g.release()
    }
    // releasing in list order only lets the next in line start; wait for everyone to finish
    await Promise.all(runs)
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3', 'a4'])
  })

  it('keeps arrival order within one uploader and never runs more than the limit', async () => {
    const semaphore = new Semaphore(2)
    let running = 0
    let most = 0
    const order: number[] = []
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        semaphore.run(async () => {
          running++
          most = Math.max(most, running)
          order.push(i)
          await new Promise((resolve) => setImmediate(resolve))
          running--
        }, 'same'),
      ),
    )
    expect(most).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4, 5])
  })
})
