// The paths of /api/auth that the client needs on its first load (the sign-out
// button, the session-expiry handler). Kept apart from auth.ts, which builds zod schemas when loaded.

export const AuthPaths = {
  register: '/auth/register',
  login: '/auth/login',
  logout: '/auth/logout',
  verifyEmail: '/auth/verify-email',
  resendVerification: '/auth/resend-verification',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  changePassword: '/auth/change-password',
} as const
