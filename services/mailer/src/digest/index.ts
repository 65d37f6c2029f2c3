// What the gateway shares with the mailer: token signing, digest rendering (admin preview, 'view in browser').
export {
  type ConfirmationSubject,
  confirmationIdOf,
  confirmationPageUrl,
  signConfirmationToken,
  verifyConfirmationToken,
} from './confirmation-token.ts';
export { type DigestContent, loadDigestContent } from './digest-content.ts';
export { digestLinks, personalizeDigest, renderDigestTemplate } from './digest.template.ts';
export {
  DigestCache,
  type DigestDeps,
  type DigestRecipient,
  deliverDigest,
  loadRecipient,
  resolveInterrupted,
  runDigestTick,
} from './send-digests.ts';
export {
  addDays,
  type Clock,
  digestWindow,
  dueZones,
  localDateTime,
  systemClock,
  zonedHourToInstant,
} from './time.ts';
export {
  DEV_UNSUBSCRIBE_SECRET,
  newUnsubscribeNonce,
  resolveUnsubscribeSecret,
  signUnsubscribeToken,
  subscriberIdOf,
  verifyUnsubscribeToken,
} from './unsubscribe-token.ts';
