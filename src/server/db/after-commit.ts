import { AsyncLocalStorage } from 'node:async_hooks'
import { type Change, CommittedChanges } from './changes.ts'
import type { Db } from './handle.ts'

// what waits for the commit of the transaction the current code runs in: the changes it made, and
// the earliest time a job it queued is due
interface Pending {
  changes: Set<Change>
  jobsDue?: Date
}
const committing = new AsyncLocalStorage<Pending>()

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
    for (const change of changes) current.changes.add(change)
    return
  }
  const committed = changesOfHandle.get(db)
  for (const change of changes) committed?.tell(change)
}

/**
 * Says that the calling code queued a job due at `runAt` (services/jobs/enqueue.ts): this process's
 * job queue hears it once the transaction commits (a job it looked for earlier was not there yet),
 * never on a rollback; outside a transaction, at once.
 */
export function queuedJob(db: Db, runAt: Date): void {
  const current = committing.getStore()
  if (current) {
    if (current.jobsDue === undefined || runAt < current.jobsDue) current.jobsDue = runAt
    return
  }
  changesOfHandle.get(db)?.jobsQueued(runAt)
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
    const current: Pending = { changes: new Set() }
    open++
    let result: Awaited<ReturnType<typeof run>>
    try {
      result = await committing.run(current, () => transaction(run, config))
    } finally {
      // the last one out turns the promise hook off; the next run() turns it on again
      if (--open === 0) committing.disable()
    }
    for (const change of current.changes) changes.tell(change)
    if (current.jobsDue) changes.jobsQueued(current.jobsDue)
    return result
  }
  db.transaction = wrapped
  changesOfHandle.set(db, changes)
  return { db, changes }
}
