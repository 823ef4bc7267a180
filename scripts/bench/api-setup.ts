// The bench's banned phrases, and a user signed up through a running server's real API (register →
// mailed link from the dev outbox → verify → login) whose bearer token reads the wallet.

const PHRASE_WORDS = [
  'amber',
  'birch',
  'cobalt',
  'delta',
  'ember',
  'fjord',
  'granite',
  'harbour',
  'indigo',
  'juniper',
]

function randomClientIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1
  return `10.${octet()}.${octet()}.${octet()}`
}

async function call<T>(
  baseURL: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) {
  const res = await fetch(`${baseURL}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      // auth routes are rate limited per IP; the server trusts the proxy header in the bench
      'x-forwarded-for': randomClientIp(),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await res.text()
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 200)}`)
  return (text ? JSON.parse(text) : null) as T
}

/** Distinct multi-word phrases that no bench text contains (a 3-digit number word keeps them apart). */
export function benchPhrases(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const a = PHRASE_WORDS[i % 10] ?? 'amber'
    const b = PHRASE_WORDS[Math.floor(i / 10) % 10] ?? 'birch'
    return `${a} ${b} zq${i.toString(36)}x`
  })
}

/** A verified user signed in through the real flow; returns its bearer token. */
export async function signUpUser(
  baseURL: string,
  admin: { username: string; password: string },
): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const password = `bench-pw-${Math.random().toString(36).slice(2)}`
  await call(baseURL, '/api/auth/register', { body: { email, password } })
  // the dev outbox answers the admin only: it holds live links
  const { token: adminToken } = await call<{ token: string }>(baseURL, '/api/admin/login', { body: admin })
  // the account and its mail are made just after the answer (accounts.ts, register): ask until it is there
  let link: string | null | undefined
  for (let tries = 0; !link && tries < 50; tries += 1) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100))
    const outbox = await call<{ messages: { link: string | null }[] }>(
      baseURL,
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
      { token: adminToken },
    )
    link = outbox.messages.find((m) => m.link)?.link
  }
  const verifyToken = link ? new URL(link).searchParams.get('token') : null
  if (!verifyToken) throw new Error(`no verification link in the outbox for ${email}`)
  await call(baseURL, `/api/auth/verify-email?token=${encodeURIComponent(verifyToken)}`)
  const { token } = await call<{ token: string }>(baseURL, '/api/auth/login', { body: { email, password } })
  return token
}
