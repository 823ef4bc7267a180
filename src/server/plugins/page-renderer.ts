import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { loadPageRenderer, type PageRenderer } from '#server/services/pages/page-renderer.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The build's server render of listing and ad pages; null without a build or when it fails to load. */
    pageRenderer: PageRenderer | null
  }
}

/**
 * Loads the render bundle of the build (src/client/entry-server.tsx) once. A bundle that fails to
 * load leaves pages to the browser (routes/pages.ts sends the shell) rather than the process dead.
 */
async function pageRenderer(app: FastifyInstance): Promise<void> {
  let renderer: PageRenderer | null
  try {
    renderer = await loadPageRenderer(app, app.config.STATIC_DIR)
  } catch (error) {
    app.log.error({ err: error }, 'the page render bundle failed to load: pages are rendered in the browser')
    renderer = null
  }
  app.decorate('pageRenderer', renderer)
}

export default fp(pageRenderer, { name: 'page-renderer', dependencies: ['core'] })
