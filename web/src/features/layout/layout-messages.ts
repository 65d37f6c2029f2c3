import { msg } from '@lingui/core/macro';

// Names the shell shows by a value, declared where `lingui extract` finds them: the footer and the language
// menu put the id together (`shared.topics.<slug>`, `shared.language.<code>`), so no page carries these lists;
// footer-topics.test.ts holds each topic and language to one.

/** The footer's topics, by slug (config/site.ts TOPIC_SLUGS), named as the seeded topics are. */
export const TOPIC_MESSAGES = [
  msg({ id: 'shared.topics.ai-agents-apps', message: 'AI Agents & Apps' }),
  msg({ id: 'shared.topics.engineering', message: 'Engineering' }),
  msg({ id: 'shared.topics.indie-hackers-side-hustle', message: 'Indie Hackers & Side Hustles' }),
  msg({ id: 'shared.topics.product-management', message: 'Product Management' }),
  msg({ id: 'shared.topics.startup-vc', message: 'Startups & VC' }),
];

/** Each language by its own name. */
export const LANGUAGE_MESSAGES = [
  msg({ id: 'shared.language.en', message: 'English' }),
  msg({ id: 'shared.language.zh', message: '中文' }),
];
