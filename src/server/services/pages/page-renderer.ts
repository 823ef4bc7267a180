// The server render bundle (dist/server/entry-server.js, built from src/client/entry-server.tsx by
// scripts/build.mjs), loaded once at start. It is absent in the API tests and in API-only deployments:
// pages are then the client-rendered shell, as before.
import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { Language } from '#domain/languages.ts'
import type { RenderedPage } from '#domain/pages.ts'

export interface PageRenderer {
  renderPage(url: string, language: Language): Promise<RenderedPage>
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>

interface RenderSetup {
  fetch: Fetch
  renderLanguage: () => Language | undefined
}

function isRenderModule(value: unknown): value is PageRenderer & { setup(options: RenderSetup): void } {
  const mod = value as Record<string, unknown> | null
  return typeof mod?.renderPage === 'function' && typeof mod.setup === 'function'
}

// statuses whose answer has no body: the Response constructor refuses one
const NO_BODY = new Set([101, 204, 205, 304])

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  return Object.fromEntries(new Headers(headers).entries())
}

/**
 * fetch() for the render's API calls, answered by this process's own routes through app.inject: the
 * same validation, caches and answers the browser gets, without a socket or a second server.
 */
function injectFetch(app: FastifyInstance): Fetch {
  return async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: headerRecord(init.headers),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    }
    const body = NO_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload)
    return new Response(body, { status: answer.statusCode, headers })
  }
}

/** The render bundle beside the built client (STATIC_DIR/../server), or null when there is none. */
export async function loadPageRenderer(
  app: FastifyInstance,
  staticDir: string,
): Promise<PageRenderer | null> {
  const entry = join(resolve(staticDir), '..', 'server', 'entry-server.js')
  if (!existsSync(entry)) return null
  const mod: unknown = await import(pathToFileURL(entry).href)
  if (!isRenderModule(mod)) throw new Error(`${entry} does not export setup and renderPage`)
  // each render's language, for its whole run (its loaders wait on the API, and other renders run
  // meanwhile): the bundle's texts read it here rather than from a process-wide switch
  // (docs/decisions/030-page-cache-and-render.md)
  const languages = new AsyncLocalStorage<Language>()
  mod.setup({ fetch: injectFetch(app), renderLanguage: () => languages.getStore() })
  return { renderPage: (url, language) => languages.run(language, () => mod.renderPage(url, language)) }
}
