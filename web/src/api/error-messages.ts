import { msg } from '@lingui/core/macro';

// Every text an API error or message can show, declared where `lingui extract` finds them: errorText and
// messageText (error-text.ts, message-keys.ts) build the id from the answer (a code, a contracts message), so
// no page carries these declarations; error-text.test.ts holds each code and message of the contracts to one.

/** An error code's generic text (the contracts' codes and the client's own). */
export const CODE_MESSAGES = [
  msg({
    id: 'apiErrors.codes.VALIDATION_FAILED',
    message: 'Some of what you entered is not valid. Please check it and try again.',
  }),
  msg({
    id: 'apiErrors.codes.BAD_REQUEST',
    message: 'The request could not be processed. Please check your input and try again.',
  }),
  msg({ id: 'apiErrors.codes.INVALID_TOKEN', message: 'This link is invalid or has expired.' }),
  msg({ id: 'apiErrors.codes.WRONG_PASSWORD', message: 'The current password is not correct.' }),
  msg({ id: 'apiErrors.codes.UNAUTHENTICATED', message: 'Please sign in first.' }),
  msg({ id: 'apiErrors.codes.INVALID_CREDENTIALS', message: 'Invalid email or password.' }),
  msg({
    id: 'apiErrors.codes.INVALID_REFRESH_TOKEN',
    message: 'Your session has expired. Please sign in again.',
  }),
  msg({ id: 'apiErrors.codes.EMAIL_NOT_CONFIRMED', message: 'Please confirm your email address first.' }),
  msg({ id: 'apiErrors.codes.FORBIDDEN', message: 'You do not have permission to do this.' }),
  msg({ id: 'apiErrors.codes.PRO_REQUIRED', message: 'This needs a Pro subscription.' }),
  msg({ id: 'apiErrors.codes.NOT_FOUND', message: 'What you asked for could not be found.' }),
  msg({ id: 'apiErrors.codes.NEWSLETTER_LINK_INVALID', message: 'This confirmation link is invalid.' }),
  msg({
    id: 'apiErrors.codes.NEWSLETTER_LINK_EXPIRED',
    message: 'This confirmation link has expired. Please subscribe again.',
  }),
  msg({
    id: 'apiErrors.codes.NEWSLETTER_LINK_USED',
    message: 'This confirmation link has already been used.',
  }),
  msg({ id: 'apiErrors.codes.USER_EXISTS', message: 'This email address is already registered.' }),
  msg({
    id: 'apiErrors.codes.CONFLICT',
    message: 'This cannot be done in the current state. Please refresh and try again.',
  }),
  msg({ id: 'apiErrors.codes.PAYLOAD_TOO_LARGE', message: 'What you sent is too large.' }),
  msg({ id: 'apiErrors.codes.UNSUPPORTED_MEDIA_TYPE', message: 'This kind of content is not supported.' }),
  msg({ id: 'apiErrors.codes.URI_TOO_LONG', message: 'The address is too long.' }),
  msg({
    id: 'apiErrors.codes.RATE_LIMITED',
    message: 'Too many attempts. Please wait a moment and try again.',
  }),
  msg({
    id: 'apiErrors.codes.TOO_MANY_PENDING_TASKS',
    message: 'You have too many tasks waiting in the queue. Try again once one has started.',
  }),
  msg({
    id: 'apiErrors.codes.GENERATION_QUOTA_EXHAUSTED',
    message:
      'You have used all of this month’s generations. Your quota renews on the first day of next month.',
  }),
  msg({
    id: 'apiErrors.codes.TOO_MANY_CONCURRENT_REQUESTS',
    message: 'Too many of your requests are still running. Wait for one to finish.',
  }),
  msg({
    id: 'apiErrors.codes.INTERNAL',
    message: 'Something went wrong on our side. Please try again later.',
  }),
  msg({
    id: 'apiErrors.codes.UNAVAILABLE',
    message: 'The service is temporarily unavailable. Please try again later.',
  }),
  msg({ id: 'apiErrors.codes.PAYMENT_FAILED', message: 'The payment failed.' }),
  msg({
    id: 'apiErrors.codes.NETWORK_ERROR',
    message: 'Could not reach the server. Check your connection and try again.',
  }),
  msg({ id: 'apiErrors.codes.UNKNOWN', message: 'Something went wrong. Please try again later.' }),
];

/** The text of each message of the contracts, by its table and name. */
export const CONTRACT_MESSAGES = [
  msg({ id: 'apiErrors.messages.auth.invalidEmail', message: 'Please enter a valid email address' }),
  msg({ id: 'apiErrors.messages.auth.passwordTooShort', message: 'Password must be at least 6 characters' }),
  msg({ id: 'apiErrors.messages.auth.invalidCredentials', message: 'Invalid email or password' }),
  msg({ id: 'apiErrors.messages.auth.userExists', message: 'This email address is already registered' }),
  msg({ id: 'apiErrors.messages.auth.emailNotConfirmed', message: 'Email not confirmed' }),
  msg({ id: 'apiErrors.messages.auth.notAuthenticated', message: 'Please sign in first' }),
  msg({ id: 'apiErrors.messages.auth.invalidLink', message: 'This link is invalid or has expired' }),
  msg({ id: 'apiErrors.messages.auth.wrongPassword', message: 'The current password is not correct' }),
  msg({
    id: 'apiErrors.messages.auth.resetRequested',
    message: 'If an account exists for this address, we have sent a link to reset its password.',
  }),
  msg({
    id: 'apiErrors.messages.auth.verificationResent',
    message: 'If this address has an account waiting for verification, we have sent a new link.',
  }),
  msg({
    id: 'apiErrors.messages.auth.passwordReset',
    message: 'Your password has been changed. Please sign in with the new password.',
  }),
  msg({ id: 'apiErrors.messages.content.searchTooShortTitle', message: 'Search term too short' }),
  msg({
    id: 'apiErrors.messages.content.searchTooShort',
    message: 'Search term must be at least 4 characters for better performance',
  }),
  msg({
    id: 'apiErrors.messages.content.freeWindow',
    message: 'Free users can only view summaries from yesterday and today',
  }),
  msg({ id: 'apiErrors.messages.content.invalidDate', message: 'Invalid date' }),
  msg({
    id: 'apiErrors.messages.content.dateOutOfRange',
    message: 'Date must be between 2000-01-01 and 2100-12-31',
  }),
  msg({ id: 'apiErrors.messages.content.invalidTimeZone', message: 'Invalid time zone' }),
  msg({ id: 'apiErrors.messages.content.topicRequired', message: 'Please select a topic' }),
  msg({ id: 'apiErrors.messages.content.topicCustomRequired', message: 'Please enter a topic' }),
  msg({
    id: 'apiErrors.messages.content.topicCustomTooLong',
    message: 'Topic is too long (max 100 characters)',
  }),
  msg({ id: 'apiErrors.messages.content.platformRequired', message: 'Please select a platform' }),
  msg({ id: 'apiErrors.messages.content.platformCustomRequired', message: 'Please enter a platform' }),
  msg({
    id: 'apiErrors.messages.content.platformCustomTooLong',
    message: 'Platform is too long (max 50 characters)',
  }),
  msg({ id: 'apiErrors.messages.content.urlInvalid', message: 'Please enter a valid URL' }),
  msg({ id: 'apiErrors.messages.content.urlTooLong', message: 'URL is too long (max 500 characters)' }),
  msg({
    id: 'apiErrors.messages.content.urlNotPublic',
    message: 'Please enter a public URL (not a local or private address)',
  }),
  msg({
    id: 'apiErrors.messages.content.alreadySubmitted',
    message: 'You have already submitted this URL and it is pending review',
  }),
  msg({
    id: 'apiErrors.messages.content.submitted',
    message: 'Thank you! We will review your suggestion within 1-2 days',
  }),
  msg({
    id: 'apiErrors.messages.newsletter.emailAndTopicRequired',
    message: 'Please enter an email and select at least one topic',
  }),
  msg({ id: 'apiErrors.messages.newsletter.invalidEmail', message: 'Please enter a valid email address' }),
  msg({ id: 'apiErrors.messages.newsletter.unknownTopic', message: 'One or more topics do not exist' }),
  msg({ id: 'apiErrors.messages.newsletter.subscribed', message: 'Successfully subscribed to newsletter!' }),
  msg({
    id: 'apiErrors.messages.newsletter.confirmationSent',
    message: 'Please check your inbox to confirm your subscription',
  }),
  msg({ id: 'apiErrors.messages.newsletter.invalidUnsubscribeLink', message: 'Invalid unsubscribe link' }),
  msg({ id: 'apiErrors.messages.newsletter.invalidConfirmationLink', message: 'Invalid confirmation link' }),
  msg({
    id: 'apiErrors.messages.newsletter.expiredConfirmationLink',
    message: 'This confirmation link has expired. Please subscribe again.',
  }),
  msg({
    id: 'apiErrors.messages.newsletter.usedConfirmationLink',
    message: 'This confirmation link has already been used',
  }),
  msg({
    id: 'apiErrors.messages.newsletter.unknownTimeZone',
    message: 'Unknown time zone: choose one from the list (an IANA zone name such as Asia/Shanghai)',
  }),
  msg({
    id: 'apiErrors.messages.newsletter.followsMyFeedNeedsAccount',
    message:
      'Only a subscription that belongs to an account can follow My feed: sign in with this email address first.',
  }),
  msg({
    id: 'apiErrors.messages.newsletter.noAccountSubscription',
    message: 'Your email address has no newsletter subscription yet: subscribe to the daily digest first.',
  }),
  msg({ id: 'apiErrors.messages.newsletter.nothingToChange', message: 'There is nothing to change.' }),
  msg({ id: 'apiErrors.messages.admin.selectTopics', message: 'Please select topics' }),
  msg({ id: 'apiErrors.messages.admin.selectDatasources', message: 'Please select data sources' }),
  msg({ id: 'apiErrors.messages.admin.invalidConfig', message: 'Config must be valid JSON' }),
  msg({ id: 'apiErrors.messages.admin.noCrawlable', message: 'No data sources to crawl' }),
  msg({ id: 'apiErrors.messages.admin.noActive', message: 'No active data sources' }),
  msg({ id: 'apiErrors.messages.admin.nameRequired', message: 'Please enter a name' }),
  msg({ id: 'apiErrors.messages.admin.descriptionRequired', message: 'Please enter a description' }),
  msg({ id: 'apiErrors.messages.admin.topicRequired', message: 'Please select a topic' }),
  msg({ id: 'apiErrors.messages.admin.platformRequired', message: 'Please select a platform' }),
  msg({ id: 'apiErrors.messages.admin.sourceNameRequired', message: 'Please enter a data source name' }),
  msg({ id: 'apiErrors.messages.admin.sourceUrlRequired', message: 'Please enter a URL' }),
  msg({ id: 'apiErrors.messages.admin.sourceUrlScheme', message: 'Only http or https links are supported' }),
  msg({
    id: 'apiErrors.messages.admin.sourceUrlPrivate',
    message: 'Internal, local or reserved addresses cannot be used',
  }),
  msg({ id: 'apiErrors.messages.admin.topicInactive', message: 'Only an active topic can be linked' }),
  msg({ id: 'apiErrors.messages.admin.topicNotFound', message: 'Topic not found' }),
  msg({ id: 'apiErrors.messages.admin.datasourceNotFound', message: 'Data source not found' }),
  msg({
    id: 'apiErrors.messages.admin.duplicateDatasource',
    message: 'This topic already has a data source with the same platform and URL',
  }),
  msg({
    id: 'apiErrors.messages.admin.topicHasDatasources',
    message: 'This topic still has data sources and cannot be deleted',
  }),
  msg({ id: 'apiErrors.messages.admin.submissionNotFound', message: 'Submission not found' }),
  msg({
    id: 'apiErrors.messages.admin.submissionReviewed',
    message: 'This submission has already been reviewed',
  }),
  msg({ id: 'apiErrors.messages.admin.jobNotFound', message: 'Job not found' }),
  msg({ id: 'apiErrors.messages.admin.jobNotFailed', message: 'Only failed jobs can be retried' }),
  msg({ id: 'apiErrors.messages.access.proRequired', message: 'This needs a Pro subscription' }),
  msg({ id: 'apiErrors.messages.access.adminRequired', message: 'Admin access required' }),
  msg({ id: 'apiErrors.messages.access.favoritesPro', message: 'Favourites need a Pro subscription' }),
  msg({ id: 'apiErrors.messages.access.loginFirst', message: 'Please sign in first' }),
  msg({ id: 'apiErrors.messages.generation.needPlatform', message: 'Choose at least one target platform' }),
  msg({
    id: 'apiErrors.messages.generation.userInputTooLong',
    message: 'Extra instructions can be at most 500 characters',
  }),
  msg({ id: 'apiErrors.messages.generation.summaryNotFound', message: 'The summary was not found' }),
  msg({ id: 'apiErrors.messages.generation.taskNotFound', message: 'The task was not found' }),
  msg({
    id: 'apiErrors.messages.generation.postNotFound',
    message: 'The post was not found or has not been summarised yet',
  }),
  msg({
    id: 'apiErrors.messages.generation.contentNotFound',
    message: 'The generated content was not found',
  }),
  msg({ id: 'apiErrors.messages.billing.notConfigured', message: 'Payments are not available right now' }),
  msg({
    id: 'apiErrors.messages.billing.alreadySubscribed',
    message: 'You already have an active Pro subscription',
  }),
  msg({ id: 'apiErrors.messages.billing.noSubscription', message: 'No subscription found' }),
  msg({
    id: 'apiErrors.messages.billing.notCancelable',
    message: 'Only an active subscription can be cancelled',
  }),
  msg({
    id: 'apiErrors.messages.billing.notReactivatable',
    message: 'This subscription is not set to cancel',
  }),
  msg({
    id: 'apiErrors.messages.billing.cancelled',
    message: 'Your subscription will be cancelled at the end of the billing period',
  }),
  msg({ id: 'apiErrors.messages.billing.reactivated', message: 'Your subscription has been reactivated' }),
  msg({ id: 'apiErrors.messages.billing.cancelFailed', message: 'Failed to cancel subscription' }),
  msg({ id: 'apiErrors.messages.billing.reactivateFailed', message: 'Failed to reactivate subscription' }),
  msg({ id: 'apiErrors.messages.billing.demoOff', message: 'The demo checkout is off on this server' }),
  msg({
    id: 'apiErrors.messages.billing.demoSessionInvalid',
    message: 'This checkout link is invalid or has expired. Start again from the pricing page.',
  }),
  msg({
    id: 'apiErrors.messages.billing.demoNotEnding',
    message: 'Only a subscription set to cancel can end now',
  }),
  msg({ id: 'apiErrors.messages.billing.demoEnded', message: 'Your subscription has ended' }),
  msg({
    id: 'apiErrors.messages.billing.demoDeliveryFailed',
    message: 'The demo checkout could not deliver its payment event',
  }),
  msg({ id: 'apiErrors.messages.blog.slugRequired', message: 'Slug is required' }),
  msg({ id: 'apiErrors.messages.blog.slugFormat', message: 'Use lower-case letters, digits and dashes' }),
  msg({ id: 'apiErrors.messages.blog.categoryRequired', message: 'Category is required' }),
  msg({ id: 'apiErrors.messages.blog.titleRequired', message: 'Title is required' }),
  msg({ id: 'apiErrors.messages.blog.contentRequired', message: 'Content is required' }),
  msg({
    id: 'apiErrors.messages.blog.slugTaken',
    message: 'A post with this slug already exists in this language',
  }),
  msg({ id: 'apiErrors.messages.blog.postNotFound', message: 'Post not found' }),
  msg({
    id: 'apiErrors.messages.blog.invalidCursor',
    message: 'The list could not continue from there. Reload the page to start again.',
  }),
  msg({
    id: 'apiErrors.messages.reading.followOne',
    message: 'Give a topic_id or a datasource_id, not both',
  }),
  msg({ id: 'apiErrors.messages.reading.topicGone', message: 'This topic no longer exists' }),
  msg({ id: 'apiErrors.messages.reading.sourceGone', message: 'This source no longer exists' }),
  msg({ id: 'apiErrors.messages.reading.signInToFollow', message: 'Sign in to follow topics and sources' }),
  msg({
    id: 'apiErrors.messages.reading.signInForReadState',
    message: 'Sign in to keep track of what you have read',
  }),
];
