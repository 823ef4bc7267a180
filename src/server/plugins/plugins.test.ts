import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The server is wired one way (docs/decisions/038-server-wiring.md): every module here is one
// fastify-plugin, and app.ts only registers them; a helper that is not a plugin belongs in http/.
const here = import.meta.dirname
const modules = readdirSync(here).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))

describe('the server plugins', () => {
  it.each(modules)('%s default-exports one named fastify-plugin', async (name) => {
    const loaded = (await import(join(here, name))) as { default?: unknown }
    const plugin = loaded.default as Record<symbol, unknown> | undefined
    expect(typeof plugin).toBe('function')
    expect(plugin?.[Symbol.for('skip-override')]).toBe(true)
    expect(plugin?.[Symbol.for('fastify.display-name')]).toBe(name.replace(/\.ts$/, ''))
  })

  it('leave app.ts nothing to decorate or hook: it registers plugins, then routes', () => {
    const app = readFileSync(join(here, '..', 'app.ts'), 'utf8')
    expect(app).not.toMatch(/\.(decorate|decorateRequest|decorateReply|addHook|setErrorHandler)\(/)
  })
})
