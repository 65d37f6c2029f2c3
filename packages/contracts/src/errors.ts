import { z } from 'zod';

/** The one error shape every API answer uses. 4xx messages are for users; 5xx carry no detail. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Error codes and the HTTP status each maps to. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  /** An emailed link (verification, password reset) that is unknown, expired or already used. */
  INVALID_TOKEN: 400,
  /** Change password: the current password given is not the account's. */
  WRONG_PASSWORD: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  EMAIL_NOT_CONFIRMED: 403,
  FORBIDDEN: 403,
  PRO_REQUIRED: 403,
  NOT_FOUND: 404,
  // Newsletter double opt-in links: unknown or forged, past their time, already used.
  NEWSLETTER_LINK_INVALID: 400,
  NEWSLETTER_LINK_EXPIRED: 410,
  NEWSLETTER_LINK_USED: 409,
  USER_EXISTS: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A path parameter longer than the router accepts. */
  URI_TOO_LONG: 414,
  RATE_LIMITED: 429,
  // The user's generation tasks already waiting in the queue reached the cap (a running one frees a place).
  TOO_MANY_PENDING_TASKS: 429,
  // The user's requests of this kind already held open reached the cap (one ending frees a place).
  TOO_MANY_CONCURRENT_REQUESTS: 429,
  // A Pro user's generation tasks this calendar month (UTC) reached GENERATION_MONTHLY_QUOTA.
  GENERATION_QUOTA_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  // A payment the provider refused (card declined, …); fields carry the provider's codes.
  PAYMENT_FAILED: 402,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
/** Every code an API error answer can carry: the web app has a text in each language for each. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * Messages of access refusals. Like the other `*_MESSAGES` tables they are the API's English words and
 * the identity the web app uses to show its own translation, so each text is defined once, here.
 */
export const ACCESS_MESSAGES = {
  proRequired: 'A Pro subscription is required',
  adminRequired: 'Admin access required',
  favoritesPro: 'Favourites need a Pro subscription',
  loginFirst: 'Please log in first',
} as const;

/** A domain error: the gateway's error handler turns it into `{error:{code,message,fields}}`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = fields;
  }
}
