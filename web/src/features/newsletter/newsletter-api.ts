import type { NewsletterSubscribeBody } from '@app/contracts';
import { api } from '../../api/client';

/** Subscribes an address to topics' digests (double opt-in: the answer says when a mail is on its way). */
export const subscribeToNewsletter = (body: NewsletterSubscribeBody) =>
  api.post('/api/newsletter/subscriptions', body);
