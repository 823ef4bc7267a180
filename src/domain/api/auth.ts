import { z } from 'zod'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../constants.ts'
import { says } from './error-codes.ts'

// Request and response shapes of /api/auth, shared by the server routes and the client.

export { AuthPaths } from './auth-constants.ts'

export const EmailSchema = z
  .string()
  .trim()
  .max(254, says('auth.email_too_long'))
  .email(says('auth.email_invalid'))
  // people type their address in any case; we store and compare it in lower case
  .transform((s) => s.toLowerCase())

export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, says('auth.password_too_short', { min: MIN_PASSWORD_LENGTH }))
  // argon2's cost grows with input: a bound keeps one request from becoming a denial of service
  .max(MAX_PASSWORD_LENGTH, says('auth.password_too_long', { max: MAX_PASSWORD_LENGTH }))

/** A mailed token: generous bound, the server only ever looks up its hash. */
export const LinkTokenSchema = z
  .string({ error: says('auth.token_required') })
  .trim()
  .min(1, says('auth.token_required'))
  .max(512)

export const CredentialsSchema = z.object({ email: EmailSchema, password: PasswordSchema })
export type Credentials = z.infer<typeof CredentialsSchema>

// login accepts any non-empty password up to the bound: a password set under older rules must still work
export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, says('auth.password_required')).max(MAX_PASSWORD_LENGTH),
  /** the mark an earlier sign-in gave this device: it keeps signing in while strangers guess (044) */
  device: z.string().max(128).optional(),
})
export type LoginRequest = z.infer<typeof LoginRequestSchema>

export const RegisterRequestSchema = CredentialsSchema
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>

export const RegisterResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  email: z.string(),
})
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>

export const UserSchema = z.object({ id: z.string(), email: z.string() })
export type User = z.infer<typeof UserSchema>

export const LoginResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
  /** this device's mark, sent with its next sign-ins (docs/decisions/044-edges.md) */
  device: z.string().optional(),
})
export type LoginResponse = z.infer<typeof LoginResponseSchema>

export const VerifyEmailQuerySchema = z.object({
  token: z
    .string({ error: says('auth.verify_token_missing') })
    .trim()
    .min(1, says('auth.verify_token_missing'))
    .max(512),
})
export const VerifyEmailResponseSchema = z.object({ status: z.enum(['verified', 'already_verified']) })
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>

export const EmailRequestSchema = z.object({ email: EmailSchema })
export type EmailRequest = z.infer<typeof EmailRequestSchema>

// 'sent' is also the answer for unknown addresses, so the endpoint cannot be used to find accounts
export const ResendVerificationResponseSchema = z.object({
  status: z.enum(['sent', 'already_verified']),
  message: z.string(),
  code: z.string().optional(),
})
export type ResendVerificationResponse = z.infer<typeof ResendVerificationResponseSchema>

/** A 2xx answer's sentence, worded in the request's language, and the code it was worded from. */
export const MessageResponseSchema = z.object({ message: z.string(), code: z.string().optional() })
export type MessageResponse = z.infer<typeof MessageResponseSchema>

export const ResetPasswordRequestSchema = z.object({ token: LinkTokenSchema, new_password: PasswordSchema })
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>

export const ChangePasswordRequestSchema = z.object({
  current_password: z.string().min(1, says('auth.current_password_required')).max(MAX_PASSWORD_LENGTH),
  new_password: PasswordSchema,
})
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>

/** The development outbox's path under /api (src/server/routes/dev.ts, never in production). */
export const OUTBOX_PATH = '/dev/outbox'

/** Mail kept in the development outbox (GET /api/dev/outbox, never in production). */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
})
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>
export const OutboxQuerySchema = z.object({ to: EmailSchema.optional() })
export const OutboxResponseSchema = z.object({ messages: z.array(OutboxMessageSchema) })
