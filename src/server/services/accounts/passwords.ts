import { type Algorithm, hash, verify } from '@node-rs/argon2'

// The binding ships Algorithm as a const enum that vanishes at run time under isolatedModules,
// so the member's value is written out here.
const ARGON2ID = 2 as Algorithm.Argon2id

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    // a malformed stored hash is a failed login, not a server error
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Burns the same time as a real verify, for logins with an unknown email: otherwise a quick 401
 * would tell an attacker which addresses have accounts.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  await verifyPassword(await primeDummyHash(), password)
  return false
}

/** Computes the dummy hash ahead of the first login, so even that one takes the usual time. */
export function primeDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('dummy password that never matches anything')
  return dummyHash
}
