import { NewsletterSignup } from '../../newsletter/newsletter-signup';

/**
 * SLOT filled by the newsletter feature: the signup box (email, topic chips, submit). Home places it
 * bare; a landing page passes its topic, which is preselected and gets the landing texts.
 */
export function NewsletterSignupSlot({ topicIds }: { topicIds?: string[] }) {
  return (
    <div data-testid="newsletter-signup-slot">
      <NewsletterSignup variant={topicIds ? 'landing' : 'home'} initialTopicIds={topicIds} />
    </div>
  );
}
