import { STORAGE_KEYS } from '#domain/constants.ts'

// The marks earlier sign-ins gave this device, one per account: sent with the next sign-in, they let
// the owner through while a stranger guessing the password from many addresses is slowed
// (docs/decisions/044-edges.md). Kept across sign-outs: the device stays the owner's.

type Marks = Record<string, string>

function readMarks(): Marks {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.signInDevices) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    )
  } catch {
    return {}
  }
}

const accountKey = (account: string) => account.trim().toLowerCase()

/** The mark this device was given for the account ('user:<email>' or 'admin:<username>'), if any. */
export function deviceMarkFor(account: string): string | undefined {
  return readMarks()[accountKey(account)]
}

/** Keeps the mark a sign-in gave (a full or disabled storage only loses the shortcut). */
export function keepDeviceMark(account: string, mark: string | undefined): void {
  if (!mark) return
  try {
    localStorage.setItem(
      STORAGE_KEYS.signInDevices,
      JSON.stringify({ ...readMarks(), [accountKey(account)]: mark }),
    )
  } catch {
    // the next sign-in goes without it, as a new device's would
  }
}
