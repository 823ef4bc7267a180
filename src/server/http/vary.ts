import type { FastifyReply } from 'fastify'

/** Adds a field to the answer's Vary header instead of replacing the ones already there. */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary')
  if (current === undefined || current === '') reply.header('vary', field)
  else if (
    !String(current)
      .split(/\s*,\s*/)
      .includes(field)
  )
    reply.header('vary', `${String(current)}, ${field}`)
}
