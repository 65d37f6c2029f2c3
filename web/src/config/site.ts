// Fixed site content shared by the navigation, footer and landing pages.

// The topics with a landing page (/topics/{slug}); the gateway's copy, which answers 404 for any other
// slug, is @app/contracts TOPIC_LANDING_SLUGS (a test holds the two equal).
export const TOPIC_SLUGS = [
  'ai-agents-apps',
  'engineering',
  'indie-hackers-side-hustle',
  'product-management',
  'startup-vc',
] as const;
export type TopicSlug = (typeof TOPIC_SLUGS)[number];

export function isTopicSlug(value: string): value is TopicSlug {
  return (TOPIC_SLUGS as ReadonlyArray<string>).includes(value);
}

/** The footer's knowledge base shows this many channels (from the database, alphabetically). */
export const KNOWLEDGE_BASE_SIZE = 8;

export const CONTACT_EMAIL = 'hello@dailycurated.app';
export const SOCIAL_URL = 'https://x.com/dailycurated';
