import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { refusal } from '#server/errors.ts'
import {
  type AuthAdmin,
  type AuthUser,
  findAdminBySessionToken,
  findUserBySessionToken,
} from '#server/services/accounts/sessions.ts'
import { bearerToken } from '#server/services/accounts/tokens.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for signed-in user routes: sets request.user or answers 401. */
    requireUser: preHandlerAsyncHookHandler
    /** preHandler for admin routes: sets request.admin or answers 401. */
    requireAdmin: preHandlerAsyncHookHandler
  }
  interface FastifyRequest {
    /** Set by app.requireUser; only read it on routes guarded by it. */
    user: AuthUser
    /** Set by app.requireAdmin; only read it on routes guarded by it. */
    admin: AuthAdmin
    /** The raw bearer token that passed the guard (logout revokes exactly this one). */
    authToken: string
  }
}

/**
 * Answers of guarded routes (wallet, charges, admin, a user's own ads) are one person's data: no
 * browser, proxy or service-worker cache may keep them for the next user of the device. Set before
 * the check, so the 401 is not cached either.
 */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store')
}

/**
 * The same for answers outside the guards that carry a secret or someone's contact: a sign-in's
 * session token (user or admin), an ad's revealed phone and email. A shared device's back button or
 * a caching proxy must not give them to the next person. As a route's onRequest, so errors get it too.
 */
export function noStoreHook(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  noStore(reply)
  done()
}

/**
 * Bearer-token guards. User and admin tokens live in separate tables. No token, or one that is no
 * session, gets 401; a member's session on an admin route is a valid sign-in that is not allowed
 * there: 403, as the spec's "403 not allowed" and the legal holds' contract ask (issue 44). An
 * admin's token on a member's route is no member session: 401.
 */
export default fp(
  async (app) => {
    // null placeholders keep the request object's shape stable for V8 (fastify's advice)
    app.decorateRequest('user', null as unknown as AuthUser)
    app.decorateRequest('admin', null as unknown as AuthAdmin)
    app.decorateRequest('authToken', '')
    // where this process hears of every revocation, a recently read session answers without a query
    // (services/accounts/session-cache.ts, docs/decisions/021-shared-changes.md)
    const sessionCaches = app.caches.sessions

    function deny(
      reply: FastifyReply,
      code: 'auth.required' | 'auth.session_invalid' | 'auth.admin_required',
    ) {
      return reply.code(401).header('www-authenticate', 'Bearer').send(refusal(code))
    }

    app.decorate('requireUser', async function requireUser(request: FastifyRequest, reply: FastifyReply) {
      noStore(reply)
      const token = bearerToken(request.headers.authorization)
      if (!token) return deny(reply, 'auth.required')
      const user = await findUserBySessionToken(app.database.db, token, sessionCaches)
      if (!user) return deny(reply, 'auth.session_invalid')
      request.user = user
      request.authToken = token
    })

    app.decorate('requireAdmin', async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
      noStore(reply)
      const token = bearerToken(request.headers.authorization)
      if (!token) return deny(reply, 'auth.admin_required')
      const admin = await findAdminBySessionToken(app.database.db, token, sessionCaches)
      if (!admin) {
        if (await findUserBySessionToken(app.database.db, token, sessionCaches))
          return reply.code(403).send(refusal('auth.admin_required'))
        return deny(reply, 'auth.session_invalid')
      }
      request.admin = admin
      request.authToken = token
    })
  },
  { name: 'auth', dependencies: ['caches'] },
)
