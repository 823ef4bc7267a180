import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

// How a report keeps who sent it without keeping who they are (docs/decisions/042-holds-that-hold.md):
// the client's address and a signed-in reporter's e-mail are kept only as HMAC-SHA256 under a key the
// database does not hold. A plain SHA-256 of an IPv4 address is undone by hashing all 2^32 of them;
// without the key, a copy of the database cannot be tried against any address or e-mail.

/** The file beside the embedded database that keeps the development key, when none is configured. */
export const REPORT_HASH_KEY_FILE = 'report-hash-secret'

export class ReporterKeys {
  readonly #key: Buffer
  constructor(key: string | Buffer) {
    this.#key = Buffer.from(key)
  }

  #hash(kind: string, value: string): string {
    return createHmac('sha256', this.#key).update(`${kind}\n${value}`).digest('hex')
  }

  /** A client's address, after clientKey() made one IPv6 /64 one address. */
  address(clientKey: string): string {
    return this.#hash('address', clientKey)
  }

  /** A signed-in reporter's e-mail, in lower case as accounts store it. */
  email(email: string): string {
    return this.#hash('email', email.trim().toLowerCase())
  }

  /**
   * The mark a sign-in gives the device it came from, under the same key: only someone who signed in
   * to this account holds it, so sending it back lets a device through the limit that slows strangers
   * guessing the account's password from many addresses (docs/decisions/044-edges.md).
   */
  deviceMark(account: 'user' | 'admin', name: string): string {
    return this.#hash(`sign-in ${account}`, name.trim().toLowerCase())
  }

  /**
   * The signature in a saved search's one-click unsubscribe link (docs/decisions/054-alerts.md): under
   * the same server key, so only a mail this server wrote turns an alert off without signing in.
   */
  unsubscribeMark(searchId: string): string {
    return this.#hash('unsubscribe', searchId).slice(0, 32)
  }

  isUnsubscribeMark(searchId: string, mark: string): boolean {
    const expected = Buffer.from(this.unsubscribeMark(searchId))
    const given = Buffer.from(mark)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }

  isDeviceMark(account: 'user' | 'admin', name: string, mark: unknown): boolean {
    if (typeof mark !== 'string') return false
    const expected = Buffer.from(this.deviceMark(account, name))
    const given = Buffer.from(mark)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }
}

/**
 * The key: REPORT_HASH_SECRET when set; otherwise one kept in DATA_DIR (made on the first start, like
 * the embedded database beside it), or a key of this process alone when the data lives in memory.
 */
export async function loadReporterKeys(secret: string | undefined, dataDir: string): Promise<ReporterKeys> {
  if (secret) return new ReporterKeys(secret)
  if (dataDir.startsWith('memory://')) return new ReporterKeys(randomBytes(32))
  const file = join(dataDir, REPORT_HASH_KEY_FILE)
  try {
    const kept = (await readFile(file, 'utf8')).trim()
    if (kept.length >= 32) return new ReporterKeys(kept)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const made = randomBytes(32).toString('hex')
  await mkdir(dataDir, { recursive: true })
  // 'wx': two processes starting on one DATA_DIR at once keep the first one's key
  try {
    await writeFile(file, `${made}\n`, { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return new ReporterKeys((await readFile(file, 'utf8')).trim())
  }
  await chmod(file, 0o600)
  return new ReporterKeys(made)
}
