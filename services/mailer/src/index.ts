export { type MailerConfig, mailerConfigSchema } from './config.ts';
export * from './digest/index.ts';
export {
  createMailTransport,
  isPermanentSmtpError,
  type MailTransport,
  textEncodingFor,
} from './mail-transport.ts';
export { sendPasswordResetEmailProcessor } from './processors/send-password-reset-email.processor.ts';
export { sendSignInWarningEmailProcessor } from './processors/send-sign-in-warning-email.processor.ts';
export { sendVerificationEmailProcessor } from './processors/send-verification-email.processor.ts';
export {
  DIGEST_SCHEDULER_ID,
  mailerService,
  SERVICE_NAME,
  type ServiceOverrides,
  startService,
} from './service.ts';
export { renderPasswordResetEmail } from './templates/password-reset-email.template.ts';
export { renderSignInWarningEmail } from './templates/sign-in-warning-email.template.ts';
export { renderVerificationEmail } from './templates/verification-email.template.ts';
