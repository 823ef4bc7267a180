import { describe, expect, it } from 'vitest'
import { checkEndpoint } from './push.ts'

// A push endpoint is where the server will POST (docs/decisions/054-alerts.md).
describe('checkEndpoint', () => {
  it('accepts https to a public address in production', async () => {
    await expect(checkEndpoint('https://93.184.216.34/push/1', true)).resolves.toBeUndefined()
  })

  it('refuses in production loopback, private, link-local and mapped addresses, and plain http', async () => {
    for (const endpoint of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://10.1.2.3/x',
      'https://192.168.0.9/x',
      'https://172.20.0.1/x',
      'https://169.254.169.254/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'http://93.184.216.34/x',
      'https://localhost/x',
    ])
      await expect(checkEndpoint(endpoint, true), endpoint).rejects.toMatchObject({
        statusCode: 400,
        coded: { code: 'push.bad_endpoint' },
      })
  })

  it('accepts loopback outside production, where tests play the push service', async () => {
    await expect(checkEndpoint('https://127.0.0.1:8443/x', false)).resolves.toBeUndefined()
    await expect(checkEndpoint('https://10.1.2.3/x', false)).rejects.toMatchObject({
      statusCode: 400,
      coded: { code: 'push.bad_endpoint' },
    })
  })
})
