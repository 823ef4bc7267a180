import { Redis } from 'ioredis'
import { testDbKind } from './api-app.ts'

/** Whether a Redis answers at `url` within half a second (tests and the bench skip what needs one). */
export async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0 })
  redis.on('error', () => {})
  try {
    await redis.connect()
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}

/**
 * On PostgreSQL the short caches (the page cache among them) run only while Redis carries the other
 * processes' changes (docs/decisions/021-shared-changes.md): whether a test of them can run here, and
 * the config that turns them on (none on PGlite, where one process is all there is).
 */
export async function cachesSetup(): Promise<{ cachesOn: boolean; cachesConfig: { REDIS_URL?: string } }> {
  if (testDbKind() !== 'postgres') return { cachesOn: true, cachesConfig: {} }
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  return { cachesOn: await redisReachable(url), cachesConfig: { REDIS_URL: url } }
}
