import { AsyncLocalStorage } from 'node:async_hooks'
import { type Change, CommittedChanges } from './changes.ts'
import type { Db } from './client.ts'

interface Committing {
  effects: Set<() => void>
  changes: Set<Change>
}

// the effects and changes waiting for the commit of the transaction the current code runs in
const committing = new AsyncLocalStorage<Committing>()

// The changes of each opened database, set once when it opens (runningAfterCommit) and never reset:
// what a write outside any transaction tells. A transaction's handle is not here, nor needed: its
// changes wait in the storage above.
const changesOfHandle = new WeakMap<Db, CommittedChanges>()

/**
 * Runs `effect` once the outermost transaction the calling code runs in has committed (never if it
 * rolls back) and returns true; outside a transaction returns false and does nothing. An effect
 * given twice in one transaction runs once. Cache news goes out this way: other processes can only
 * read a change once it is committed (docs/decisions/021-shared-changes.md).
 */
export function afterCommit(effect: () => void): boolean {
  const current = committing.getStore()
  current?.effects.add(effect)
  return current !== undefined
}

/**
 * Says that the calling code wrote data the caches keep. Inside a transaction the caches hear it once
 * the transaction commits, once however often it was said, and never if it rolls back; outside one,
 * the statement has committed already and they hear it now (docs/decisions/038-server-wiring.md).
 */
export function changed(db: Db, ...changes: Change[]): void {
  const current = committing.getStore()
  if (current) {
    for (const change of changes) current.changes.add(change)
    return
  }
  const committed = changesOfHandle.get(db)
  for (const change of changes) committed?.tell(change)
}

// transactions open over every database of the process. While the storage is on, Node runs a hook
// on every promise the process makes, in every request, which cost a request through Fastify about a
// sixth of its time (docs/decisions/022-moderation-check-cost.md): it is on only while one is open
let open = 0

/**
 * `db.transaction` that runs the afterCommit effects of its callback and tells `changes` what it
 * changed, once it has committed.
 */
export function runningAfterCommit(
  db: Db,
  changes = new CommittedChanges(),
): { db: Db; changes: CommittedChanges } {
  const transaction = db.transaction.bind(db)
  const wrapped: Db['transaction'] = async (run, config) => {
    // a transaction opened inside another one's callback is the caller's bug, but must not lose effects
    if (committing.getStore()) return transaction(run, config)
    const current: Committing = { effects: new Set(), changes: new Set() }
    open++
    let result: Awaited<ReturnType<typeof run>>
    try {
      result = await committing.run(current, () => transaction(run, config))
    } finally {
      // the last one out turns the promise hook off; the next run() turns it on again
      if (--open === 0) committing.disable()
    }
    // the caches first: an effect (a mail, a media deletion) may already make a request read again
    for (const change of current.changes) changes.tell(change)
    for (const effect of current.effects) effect()
    return result
  }
  db.transaction = wrapped
  changesOfHandle.set(db, changes)
  return { db, changes }
}
