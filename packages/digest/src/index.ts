// The newsletter digest as the mailer sends it and the gateway shows it (admin preview, 'view in
// browser'): content, template, the shared email frame, the schedule, and the signed links.
export {
  type ConfirmationSubject,
  confirmationIdOf,
  confirmationPageUrl,
  signConfirmationToken,
  verifyConfirmationToken,
} from './confirmation-token.ts';
export {
  type BuiltDigest,
  DigestCache,
  type DigestCacheDeps,
  type DigestRecipient,
  type DigestSelection,
  digestRecipientOf,
  type StoredSubscriber,
} from './digest-cache.ts';
export { type DigestContent, type DigestSource, loadDigestContent } from './digest-content.ts';
export {
  type ChoosingSubscriber,
  type DigestChoice,
  digestChoices,
  followedChoices,
  hasChoice,
} from './follows.ts';
export { type DigestLinks, digestLinks, personalizeDigest, renderDigestTemplate } from './digest.template.ts';
export { type RenderedEmail, renderLayout } from './email-layout.ts';
export {
  countDueRecipients,
  dueRecipients,
  loadRecipient,
  RECIPIENT_BATCH,
  recipientsOf,
  subscriberZones,
} from './recipients.ts';
export { digestWindow, dueZones } from './schedule.ts';
export {
  DEV_UNSUBSCRIBE_SECRET,
  newUnsubscribeNonce,
  resolveUnsubscribeSecret,
  signUnsubscribeToken,
  subscriberIdOf,
  type TokenSubject,
  verifyUnsubscribeToken,
} from './unsubscribe-token.ts';
