import { AsyncLocalStorage } from 'node:async_hooks'
import { type Change, CommittedChanges } from './changes.ts'
import type { Db } from './client.ts'

// the changes waiting for the commit of the transaction the current code runs in
const committing = new AsyncLocalStorage<Set<Change>>()

// The changes of each opened database, set once when it opens (runningAfterCommit) and never reset:
// what a write outside any transaction tells. A transaction's handle is not here, nor needed: its
// changes wait in the storage above.
const changesOfHandle = new WeakMap<Db, CommittedChanges>()

/**
 * Says that the calling code wrote data the caches keep. Inside a transaction the caches hear it once
 * the transaction commits, once however often it was said, and never if it rolls back; outside one,
 * the statement has committed already and they hear it now (docs/decisions/038-server-wiring.md).
 */
export function changed(db: Db, ...changes: Change[]): void {
  const current = committing.getStore()
  if (current) {
    for (const change of changes) current.add(change)
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
 * `db.transaction` that tells `changes` what its callback changed, once it has committed. Other
 * processes can only read a change once it is committed, so the news waits for the commit too
 * (docs/decisions/021-shared-changes.md).
 */
export function runningAfterCommit(
  db: Db,
  changes = new CommittedChanges(),
): { db: Db; changes: CommittedChanges } {
  const transaction = db.transaction.bind(db)
  const wrapped: Db['transaction'] = async (run, config) => {
    // a transaction opened inside another one's callback is the caller's bug, but must not lose changes
    if (committing.getStore()) return transaction(run, config)
    const current = new Set<Change>()
    open++
    let result: Awaited<ReturnType<typeof run>>
    try {
      result = await committing.run(current, () => transaction(run, config))
    } finally {
      // the last one out turns the promise hook off; the next run() turns it on again
      if (--open === 0) committing.disable()
    }
    for (const change of current) changes.tell(change)
    return result
  }
  db.transaction = wrapped
  changesOfHandle.set(db, changes)
  return { db, changes }
}
