// What every answer to a fuzzed request must be: never a 5xx, no stack trace or server internals,
// JSON unless it is a page, and every error `{ detail, code, params?, issues? }` with a declared code,
// or, to a request that asks for HTML as a browser's navigation does, the error page
// (src/server/services/pages/error-page.ts, docs/decisions/066-french-everywhere.md).
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { isErrorCode } from '#domain/api/error-codes.ts'
import type { Plan } from './request-parts.ts'
import type { FuzzSpec } from './values.ts'

// "    at fn (/path/file.ts:12:5)", "at file:///x.js:1:2", "at node:internal/…:3:4"
const STACK_TRACE = /\bat (?:async )?(?:[^\s()]+ )?\(?(?:file:\/\/|node:|\/)[^\s()]*:\d+:\d+\)?/
const INTERNALS = /node_modules\/|\/work\/|Error: .*\n\s+at /

const ERROR_BODY_KEYS = new Set(['detail', 'code', 'params', 'issues'])

function describePlan(plan: Plan, res: LightMyRequestResponse): string {
  const body = res.body.length > 400 ? `${res.body.slice(0, 400)}…` : res.body
  return `${plan.method} ${plan.path}${plan.query ? `?${plan.query.slice(0, 200)}` : ''} → ${res.statusCode} ${body}`
}

// a large answer (a refusal naming many fields, with their codes) comes compressed when the plan accepts it
function textOf(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '')
  // a HEAD or a 304 says its encoding with no body
  if (res.rawPayload.length === 0) return ''
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString()
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString()
  return res.body
}

export function checkAnswer(plan: Plan, spec: FuzzSpec, res: LightMyRequestResponse): void {
  const where = describePlan(plan, res)
  if (res.statusCode >= 500) throw new Error(`server error: ${where}`)
  const text = textOf(res)
  if (STACK_TRACE.test(text) || INTERNALS.test(text))
    throw new Error(`stack trace or internals leaked: ${where}`)
  if (plan.method === 'HEAD' || res.statusCode === 204 || (res.statusCode < 400 && spec.page)) return
  if (res.statusCode >= 300 && res.statusCode < 400) return
  const type = String(res.headers['content-type'] ?? '')
  if (res.statusCode >= 400 && (plan.headers.accept ?? '').includes('text/html')) {
    if (
      !type.startsWith('text/html') ||
      !/<html lang="(?:en|fr)-CA">[\s\S]*<main><h1>.+<\/h1><p>.+<\/p>/.test(text)
    )
      throw new Error(`a navigation's error is not the error page: ${where}`)
    return
  }
  if (!type.startsWith('application/json')) throw new Error(`not JSON (${type}): ${where}`)
  if (res.statusCode >= 400) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new Error(`error body is not JSON: ${where}`)
    }
    const body = (parsed ?? {}) as { detail?: unknown; code?: unknown }
    if (typeof body.detail !== 'string' || body.detail.length === 0)
      throw new Error(`error without a detail: ${where}`)
    if (!isErrorCode(body.code)) throw new Error(`error without a declared code: ${where}`)
    const extra = Object.keys(body).filter((key) => !ERROR_BODY_KEYS.has(key))
    if (extra.length > 0) throw new Error(`error body has more than detail, code, params, issues: ${where}`)
  }
}
