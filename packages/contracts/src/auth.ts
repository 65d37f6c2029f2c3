import { z } from 'zod';
import { GenerationQuotaSchema } from './usage.ts';
import { RoleSchema, SubscriptionTypeSchema, UiLanguageSchema } from './common.ts';

export const MIN_PASSWORD_LENGTH = 6;
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  invalidCredentials: 'Invalid login credentials',
  userExists: 'User already registered',
  emailNotConfirmed: 'Email not confirmed',
  notAuthenticated: 'User not authenticated',
  invalidLink: 'This link is invalid or has expired',
  wrongPassword: 'The current password is not correct',
  resetRequested: 'If an account exists for this address, we have sent a link to reset its password.',
  verificationResent: 'If this address has an account waiting for verification, we have sent a new link.',
  passwordReset: 'Your password has been changed. Please sign in with the new password.',
} as const;

const EmailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }));
const PasswordSchema = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .max(256, 'Password is too long');

export const RegisterBodySchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  language: UiLanguageSchema.default('en'),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string({ error: MESSAGES.passwordTooShort }).min(1, MESSAGES.passwordTooShort).max(256),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RegisterResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  avatar_url: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type UserDto = z.infer<typeof UserSchema>;

export const ProfileSchema = z.object({
  id: z.string(),
  role: RoleSchema,
  subscription_type: SubscriptionTypeSchema,
  display_name: z.string().nullable(),
});
export type ProfileDto = z.infer<typeof ProfileSchema>;

export const SessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user: UserSchema,
  profile: ProfileSchema,
});
export type SessionDto = z.infer<typeof SessionSchema>;

export const MeResponseSchema = z.object({
  user: UserSchema,
  profile: ProfileSchema,
  /** GET /api/me only: this month's generations of a Pro user (null: admin, no quota; or no generation). */
  generation_quota: GenerationQuotaSchema.optional(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** Display name: empty (after trimming) saves null; no other bounds in the spec beyond a sane cap. */
export const PatchMeBodySchema = z.object({
  display_name: z
    .string()
    .trim()
    .max(100, 'Display name must be at most 100 characters')
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type PatchMeBody = z.infer<typeof PatchMeBodySchema>;

const LinkTokenSchema = z.string({ error: MESSAGES.invalidLink }).min(16, MESSAGES.invalidLink).max(200);
export const VerifyQuerySchema = z.object({ token: LinkTokenSchema });

/**
 * The web page behind the emailed link posts the token: a scanner that only fetches the link changes nothing.
 * The verifier also chooses the account's password: whoever registered the address never proved they own
 * the mailbox, so the password they set must not survive its verification.
 */
export const VerifyEmailBodySchema = z.object({ token: LinkTokenSchema, password: PasswordSchema });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

export const ResendVerificationBodySchema = z.object({
  email: EmailSchema,
  language: UiLanguageSchema.default('en'),
});
export type ResendVerificationBody = z.infer<typeof ResendVerificationBodySchema>;

export const PasswordResetRequestBodySchema = z.object({
  email: EmailSchema,
  language: UiLanguageSchema.default('en'),
});
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBodySchema>;

export const PasswordResetConfirmBodySchema = z.object({ token: LinkTokenSchema, password: PasswordSchema });
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBodySchema>;

export const ChangePasswordBodySchema = z.object({
  current_password: z.string({ error: MESSAGES.wrongPassword }).min(1, MESSAGES.wrongPassword).max(256),
  new_password: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** The answer of the account-email requests: identical whether or not the address has an account. */
/** POST /api/auth/password: the password changed; every other session of the user ended. */
export const PasswordChangedResponseSchema = z.object({
  success: z.literal(true),
  ended_sessions: z.number().int(),
});
export type PasswordChangedResponse = z.infer<typeof PasswordChangedResponseSchema>;
export const AcceptedResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type AcceptedResponse = z.infer<typeof AcceptedResponseSchema>;
export const GoogleStartQuerySchema = z.object({ lang: UiLanguageSchema.default('en') });
export const GoogleCallbackQuerySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(512).optional(),
  error: z.string().max(200).optional(),
});
