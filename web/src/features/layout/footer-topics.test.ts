import { describe, expect, it } from 'vitest';
import { TOPICS } from '../../../../packages/db/src/seed-data/topics';
import { TOPIC_SLUGS } from '../../config/site';
import en from '../../i18n/en.json';
import zh from '../../i18n/zh.json';

// The footer names the topics from the string files; the cards name them from the database,
// seeded from TOPICS. A reader must see one name for one topic.
describe('footer topic labels', () => {
  it('are the seeded topics, named as their cards name them, in both languages', () => {
    expect([...TOPIC_SLUGS].sort()).toEqual(TOPICS.map((topic) => topic.slug).sort());
    for (const topic of TOPICS) {
      expect(en.topics[topic.slug as keyof typeof en.topics]).toBe(topic.name);
      expect(zh.topics[topic.slug as keyof typeof zh.topics]).toBe(topic.nameZh);
    }
  });
});
