import { describe, expect, it } from 'vitest';
import { TOPICS } from '../../../../packages/db/src/seed-data/topics';
import { TOPIC_SLUGS } from '../../config/site';
import en from '../../i18n/en.json';
import zh from '../../i18n/zh.json';
import { LANGUAGES } from '../../i18n/language';
import { LANGUAGE_MESSAGES, TOPIC_MESSAGES } from './layout-messages';

// The footer names the topics from the shared catalog; the cards name them from the database,
// seeded from TOPICS. A reader must see one name for one topic.
describe('footer topic labels', () => {
  it('are the seeded topics, named as their cards name them, in both languages', () => {
    expect([...TOPIC_SLUGS].sort()).toEqual(TOPICS.map((topic) => topic.slug).sort());
    // The footer puts the id together: each is declared for extraction (layout-messages.ts).
    const declared = new Set(TOPIC_MESSAGES.map((descriptor) => descriptor.id));
    for (const topic of TOPICS) {
      const id = `shared.topics.${topic.slug}`;
      expect(declared.has(id), topic.slug).toBe(true);
      expect((en.messages as Record<string, string[]>)[id]?.join('')).toBe(topic.name);
      expect((zh.messages as Record<string, string[]>)[id]?.join('')).toBe(topic.nameZh);
    }
  });

  it('name each language, declared for the language menu and in both catalogs', () => {
    const declared = new Set(LANGUAGE_MESSAGES.map((descriptor) => descriptor.id));
    for (const language of LANGUAGES) {
      const id = `shared.language.${language}`;
      expect(declared.has(id), language).toBe(true);
      expect((en.messages as Record<string, string[]>)[id]?.join('')).toBeTruthy();
      expect((zh.messages as Record<string, string[]>)[id]?.join('')).toBeTruthy();
    }
  });
});
