export { type MailerConfig, mailerConfigSchema } from './config.ts';
export * from './digest/index.ts';
export {
  createMailTransport,
  isPermanentSmtpError,
  type MailTransport,
  textEncodingFor,
} from './mail-transport.ts';
export { sendPasswordResetEmailProcessor } from './processors/send-password-reset-email.processor.ts';
export { sendVerificationEmailProcessor } from './processors/send-verification-email.processor.ts';
export { DIGEST_SCHEDULER_ID, SERVICE_NAME, type ServiceOverrides, startService } from './service.ts';
export { renderPasswordResetEmail } from './templates/password-reset-email.template.ts';
export { renderVerificationEmail } from './templates/verification-email.template.ts';
// The browser tests (web/e2e) still take these from here; their home is @app/digest and @app/time.
export {
  DigestCache,
  type DigestRecipient,
  digestLinks,
  digestWindow,
  dueZones,
  personalizeDigest,
  type RenderedEmail,
  renderDigestTemplate,
  resolveUnsubscribeSecret,
  signConfirmationToken,
  signUnsubscribeToken,
} from '@app/digest';
export { addDays, localDateTime } from '@app/time';
