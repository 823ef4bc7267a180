// What every answer to a fuzzed request must be: never a 5xx, no stack trace or server internals,
// JSON unless it is a page, and every error exactly `{ detail: string }`.
import type { LightMyRequestResponse } from 'fastify'
import type { Plan } from './request-parts.ts'
import type { FuzzSpec } from './values.ts'

// "    at fn (/path/file.ts:12:5)", "at file:///x.js:1:2", "at node:internal/…:3:4"
const STACK_TRACE = /\bat (?:async )?(?:[^\s()]+ )?\(?(?:file:\/\/|node:|\/)[^\s()]*:\d+:\d+\)?/
const INTERNALS = /node_modules\/|\/work\/|Error: .*\n\s+at /

function describePlan(plan: Plan, res: LightMyRequestResponse): string {
  const body = res.body.length > 400 ? `${res.body.slice(0, 400)}…` : res.body
  return `${plan.method} ${plan.path}${plan.query ? `?${plan.query.slice(0, 200)}` : ''} → ${res.statusCode} ${body}`
}

export function checkAnswer(plan: Plan, spec: FuzzSpec, res: LightMyRequestResponse): void {
  const where = describePlan(plan, res)
  if (res.statusCode >= 500) throw new Error(`server error: ${where}`)
  if (STACK_TRACE.test(res.body) || INTERNALS.test(res.body))
    throw new Error(`stack trace or internals leaked: ${where}`)
  if (plan.method === 'HEAD' || res.statusCode === 204 || (res.statusCode < 400 && spec.page)) return
  if (res.statusCode >= 300 && res.statusCode < 400) return
  const type = String(res.headers['content-type'] ?? '')
  if (!type.startsWith('application/json')) throw new Error(`not JSON (${type}): ${where}`)
  if (res.statusCode >= 400) {
    let parsed: unknown
    try {
      parsed = JSON.parse(res.body)
    } catch {
      throw new Error(`error body is not JSON: ${where}`)
    }
    const detail = (parsed as { detail?: unknown } | null)?.detail
    if (typeof detail !== 'string' || detail.length === 0) throw new Error(`error without a detail: ${where}`)
    if (Object.keys(parsed as object).length !== 1)
      throw new Error(`error body has more than detail: ${where}`)
  }
}
