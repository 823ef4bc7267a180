import { z } from 'zod'

// Request and response shapes of /api/admin, shared by the server routes and the client.

export const AdminPaths = {
  login: '/admin/login',
  logout: '/admin/logout',
  purge: '/admin/purge',
} as const

export const ADMIN_INVALID_CREDENTIALS_DETAIL = 'Invalid username or password'

export const AdminLoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(200),
  password: z.string().min(1, 'Password is required').max(1024),
})
export type AdminLoginRequest = z.infer<typeof AdminLoginRequestSchema>

export const AdminLoginResponseSchema = z.object({ token: z.string() })
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>

/** Rows removed per table, e.g. `{ users: 3, sessions: 5 }`. */
export const PurgeResponseSchema = z.object({ deleted: z.record(z.string(), z.number().int()) })
export type PurgeResponse = z.infer<typeof PurgeResponseSchema>
