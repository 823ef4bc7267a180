import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { users } from '#server/db/schema/users.ts'

/** Whether the user has confirmed their address: posting and uploading wait for it. */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId))
  return Boolean(row?.at)
}
