import type { Config } from './config.ts'

// `token=` in a query string is a live credential (email verification, password reset links):
// a log line must never carry one, whatever the environment
const TOKEN_QUERY_VALUE = /([?&][^=&#]*token=)[^&#]*/gi

/** The URL with the value of every `…token=` query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_QUERY_VALUE, '$1[redacted]')
}

interface LoggedRequest {
  method: string
  url: string
  hostname?: string
  ip?: string
  socket?: { remotePort?: number }
}

export interface LogStream {
  write(line: string): void
}

/** Fastify's logger options: pino at LOG_LEVEL, request lines with their tokens redacted. */
export function loggerOptions(config: Config, stream?: LogStream) {
  if (config.LOG_LEVEL === 'silent') return false
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  }
}
