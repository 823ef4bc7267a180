import { ProviderError } from './provider.ts'

// The HTTP side of BTCPay's Greenfield API: auth, timeouts, errors as ProviderError, and the two
// path styles for reading an invoice. BTCPay 2.x documents `GET /api/v1/invoices/{id}` only; 1.x
// serves just `GET /api/v1/stores/{storeId}/invoices/{id}`. Creating and activating stay
// store-scoped, which every version serves.

export interface GreenfieldOptions {
  url: string | undefined
  apiKey: string | undefined
  storeId: string | undefined
  timeoutMs?: number
}

export interface GreenfieldAnswer {
  status: number
  body: unknown
}

/** A 4xx from BTCPay refusing what we sent, with its validation body for the caller to read. */
export class GreenfieldRefusal extends ProviderError {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message)
  }
}

export class GreenfieldClient {
  /** Learnt from the first read: whether this server offers the unscoped invoice paths. */
  private unscoped: boolean | undefined

  constructor(private readonly options: GreenfieldOptions) {}

  get storeId(): string | undefined {
    return this.options.storeId
  }

  /** `POST /api/v1/stores/{storeId}{path}`. */
  async storePost(path: string, body: unknown): Promise<unknown> {
    return this.expectOk('POST', this.storePath(path), body)
  }

  /**
   * `GET {path}` under `/api/v1/invoices/{id}…`, unscoped where the server offers it, else the
   * store-scoped twin. One 404 on the unscoped path followed by a scoped success settles the choice.
   */
  async readInvoicePath(path: string): Promise<unknown> {
    if (this.unscoped !== false) {
      const answer = await this.send('GET', `/api/v1${path}`)
      if (answer.status >= 200 && answer.status < 300) {
        this.unscoped = true
        return answer.body
      }
      if (answer.status !== 404 || this.unscoped === true) throw this.failure('GET', path, answer)
      const scoped = await this.send('GET', this.storePath(path))
      if (scoped.status >= 200 && scoped.status < 300) {
        this.unscoped = false
        return scoped.body
      }
      throw this.failure('GET', path, scoped)
    }
    return this.expectOk('GET', this.storePath(path))
  }

  private storePath(path: string): string {
    return `/api/v1/stores/${encodeURIComponent(this.options.storeId ?? '')}${path}`
  }

  private async expectOk(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const answer = await this.send(method, path, body)
    if (answer.status < 200 || answer.status >= 300) throw this.failure(method, path, answer)
    return answer.body
  }

  private failure(method: string, path: string, answer: GreenfieldAnswer): ProviderError {
    const message = `BTCPay answered ${answer.status} to ${method} ${path}`
    return answer.status === 400 || answer.status === 422
      ? new GreenfieldRefusal(message, answer.status, answer.body)
      : new ProviderError(message)
  }

  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<GreenfieldAnswer> {
    const { url, apiKey, storeId } = this.options
    if (!url || !apiKey || !storeId) {
      throw new ProviderError('BTCPay is not configured (BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID)')
    }
    let response: Response
    try {
      response = await fetch(`${url.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          Authorization: `token ${apiKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      })
    } catch (error) {
      throw new ProviderError(`BTCPay unreachable: ${error instanceof Error ? error.message : String(error)}`)
    }
    const text = await response.text().catch(() => '')
    let parsed: unknown = null
    try {
      parsed = text ? (JSON.parse(text) as unknown) : null
    } catch {
      if (response.ok)
        throw new ProviderError(`BTCPay answered ${method} ${path} with a body that is not JSON`)
    }
    return { status: response.status, body: parsed }
  }
}
