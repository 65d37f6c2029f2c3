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
export {
  DIGEST_SCHEDULER_ID,
  mailerService,
  SERVICE_NAME,
  type ServiceOverrides,
  startService,
} from './service.ts';
export { renderPasswordResetEmail } from './templates/password-reset-email.template.ts';
export { renderVerificationEmail } from './templates/verification-email.template.ts';
