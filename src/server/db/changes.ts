/**
 * What a write can change that a process keeps copies of: named for the data, one name per cache
 * (sessions and users, wallets and their ledger, ads). A service says which it changed with
 * `changed` (after-commit.ts); the copies hear it once, after the commit
 * (docs/decisions/038-server-wiring.md).
 */
export type Change = 'ads' | 'sessions' | 'wallets'

export const CHANGES: readonly Change[] = ['ads', 'sessions', 'wallets']

type ChangeListener = (change: Change) => void

/**
 * The committed changes of one database, told to whoever keeps copies of its rows: this process's
 * caches, and the change feed that tells the other processes (docs/decisions/021-shared-changes.md).
 * One per opened database, so two apps in one process (tests) never hear each other's writes.
 */
export class CommittedChanges {
  private readonly listeners = new Set<ChangeListener>()

  /** Starts telling `listener` of every committed change; returns how to stop. */
  listen(listener: ChangeListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  tell(change: Change): void {
    for (const listener of this.listeners) listener(change)
  }
}
