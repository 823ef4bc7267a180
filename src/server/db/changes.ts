/**
 * What a write can change that a process keeps copies of: named for the data, one name per cache
 * (sessions and users, wallets and their ledger, ads, the banned-phrase list and its matcher). A service says which it changed with
 * `changed` (after-commit.ts); the copies hear it once, after the commit
 * (docs/decisions/038-server-wiring.md).
 */
export type Change = 'ads' | 'sessions' | 'wallets' | 'bannedPhrases'

export const CHANGES: readonly Change[] = ['ads', 'sessions', 'wallets', 'bannedPhrases']

type ChangeListener = (change: Change) => void
type JobsListener = (earliestRunAt: Date) => void

/**
 * The committed changes of one database, told to whoever keeps copies of its rows: this process's
 * caches, and the change feed that tells the other processes (docs/decisions/021-shared-changes.md).
 * One per opened database, so two apps in one process (tests) never hear each other's writes.
 */
export class CommittedChanges {
  private readonly listeners = new Set<ChangeListener>()
  private readonly jobListeners = new Set<JobsListener>()

  /** Starts telling `listener` of every committed change; returns how to stop. */
  listen(listener: ChangeListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  tell(change: Change): void {
    for (const listener of this.listeners) listener(change)
  }

  /**
   * Starts telling `listener` when committed writes queued jobs, with the earliest time one of them
   * is due: this process's job queue runs those due now at once instead of at its next poll
   * (services/jobs/job-queue.ts). Not told to other processes: they find them at their next poll.
   */
  listenForJobs(listener: JobsListener): () => void {
    this.jobListeners.add(listener)
    return () => this.jobListeners.delete(listener)
  }

  jobsQueued(earliestRunAt: Date): void {
    for (const listener of this.jobListeners) listener(earliestRunAt)
  }
}
