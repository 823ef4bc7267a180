import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db } from './client.ts'

// the effects waiting for the commit of the transaction the current code runs in
const committing = new AsyncLocalStorage<Set<() => void>>()

/**
 * Runs `effect` once the outermost transaction the calling code runs in has committed (never if it
 * rolls back) and returns true; outside a transaction returns false and does nothing. An effect
 * given twice in one transaction runs once. Cache news goes out this way: other processes can only
 * read a change once it is committed (docs/decisions/021-shared-changes.md).
 */
export function afterCommit(effect: () => void): boolean {
  const effects = committing.getStore()
  effects?.add(effect)
  return effects !== undefined
}

// transactions open over every database of the process. While the storage is on, Node runs a hook
// on every promise the process makes, in every request, which cost a request through Fastify about a
// sixth of its time (docs/decisions/022-moderation-check-cost.md): it is on only while one is open
let open = 0

/** `db.transaction` that runs the afterCommit effects of its callback once it has committed. */
export function runningAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db)
  const wrapped: Db['transaction'] = async (run, config) => {
    // a transaction opened inside another one's callback is the caller's bug, but must not lose effects
    if (committing.getStore()) return transaction(run, config)
    const effects = new Set<() => void>()
    open++
    let result: Awaited<ReturnType<typeof run>>
    try {
      result = await committing.run(effects, () => transaction(run, config))
    } finally {
      // the last one out turns the promise hook off; the next run() turns it on again
      if (--open === 0) committing.disable()
    }
    for (const effect of effects) effect()
    return result
  }
  db.transaction = wrapped
  return db
}
