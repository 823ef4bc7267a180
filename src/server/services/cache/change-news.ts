/**
 * The Redis channel on which the API processes of one database announce their changes: named for
 * the database, so processes (and test files) on other databases sharing the Redis are not peers.
 */
export function changesChannel(databaseUrl: string): string {
  let name = ''
  try {
    name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1))
  } catch {
    // not a URL we can read: every such process shares one channel, which is only ever safe
  }
  return `maple:changes:${name || 'default'}`
}

/**
 * One message on the channel. News names the cache whose data changed; a heartbeat has no name.
 * `seq` counts this origin's news, so a receiver can tell it missed some; `bye` says the process is
 * closing. A message without `seq` (a test, a tool) is news from a process nobody watches.
 */
export interface ChangeNews {
  origin: string
  name?: string
  seq?: number
  bye?: boolean
}

/** The news in a message of the channel, or undefined for anything else (junk, another tool's). */
export function parseNews(message: string): ChangeNews | undefined {
  try {
    const news: unknown = JSON.parse(message)
    if (typeof news !== 'object' || news === null) return undefined
    const { origin, name, seq, bye } = news as Record<string, unknown>
    if (typeof origin !== 'string') return undefined
    if (name !== undefined && typeof name !== 'string') return undefined
    if (seq !== undefined && !Number.isSafeInteger(seq)) return undefined
    if (name === undefined && seq === undefined) return undefined
    return {
      origin,
      ...(name === undefined ? {} : { name }),
      ...(seq === undefined ? {} : { seq: seq as number }),
      ...(bye === true ? { bye: true } : {}),
    }
  } catch {
    return undefined
  }
}
