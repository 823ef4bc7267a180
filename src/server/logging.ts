import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify'
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

type Bindings = Parameters<FastifyBaseLogger['child']>[0]
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>
type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'

// pino's numbers; a level is written when its number is at least the logger's
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
}

function writes(logger: FastifyBaseLogger, level: Level): boolean {
  return (LEVEL_VALUES[level] ?? 0) >= (LEVEL_VALUES[logger.level] ?? 0)
}

/**
 * A request's logger that becomes pino's child (the one binding the reqId) only when a line is
 * written at a level the logger writes. Fastify makes a child for every request, and making it cost
 * about a tenth of a cached answer (docs/decisions/019-api-answer-cost.md), while at `warn` most
 * requests never write a line.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options)
    return this.#child
  }

  get level(): string {
    return (this.#child ?? this.parent).level
  }

  set level(level: string) {
    this.real().level = level
  }

  private write(level: Level, args: unknown[]): void {
    if (this.#child === undefined && !writes(this.parent, level)) return
    const log = this.real()[level] as (...args: unknown[]) => void
    log.apply(this.#child, args)
  }

  fatal = (...args: unknown[]) => this.write('fatal', args)
  error = (...args: unknown[]) => this.write('error', args)
  warn = (...args: unknown[]) => this.write('warn', args)
  info = (...args: unknown[]) => this.write('info', args)
  debug = (...args: unknown[]) => this.write('debug', args)
  trace = (...args: unknown[]) => this.write('trace', args)
  silent = () => undefined

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options)
  }
}

/** Whether Fastify's "incoming request" and "request completed" lines (info) are written. */
export function logsRequests(logger: FastifyBaseLogger): boolean {
  return writes(logger, 'info')
}

/** Fastify's `childLoggerFactory`: a lazy child unless the request lines at info will be written. */
export const requestLoggerFactory: ChildLoggerFactory = (logger, bindings, options) =>
  options.level !== undefined || logsRequests(logger)
    ? logger.child(bindings, options)
    : new RequestLogger(logger, bindings, options)
