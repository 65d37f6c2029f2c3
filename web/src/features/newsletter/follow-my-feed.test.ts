import type { MessageDescriptor } from '@lingui/core';
import { NEWSLETTER_MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { errorText } from '../../api/error-text';
import { nameMessages } from '../../api/message-keys';
import { createI18n } from '../../i18n';
import { digestNoteKey } from './follow-my-feed';
import { outcomeMessage } from './newsletter-form';
import { DIGEST_NOTE_MESSAGES, OUTCOME_MESSAGES } from './newsletter-messages';

const subscription = {
  email: 'ann@example.com',
  status: 'active' as const,
  confirmed: true,
  language: 'en' as const,
  time_zone: 'UTC',
  topic_count: 2,
  follows_my_feed: true,
};

describe('the profile’s digest card', () => {
  it('adds a line only when no digest goes out now', () => {
    expect(digestNoteKey(subscription)).toBeNull();
    expect(digestNoteKey({ ...subscription, confirmed: false })).toBe('digestUnconfirmed');
    expect(digestNoteKey({ ...subscription, status: 'unsubscribed' })).toBe('digestStopped');
    expect(digestNoteKey({ ...subscription, status: 'bouncing', confirmed: false })).toBe('digestStopped');
  });

  it('labels the switch, says why no digest goes out and why the switch was refused, in both languages', () => {
    // The card's Lingui messages, on each language's instance with every catalog in.
    const { lingui: enLingui } = createI18n('en');
    const { lingui: zhLingui } = createI18n('zh');
    expect(enLingui._('newsletter.followMyFeed')).toBe('Follow My feed');
    expect(zhLingui._('newsletter.followMyFeed')).toBe('跟随我的关注');
    expect(enLingui._('newsletter.followMyFeedHint')).toMatch(/follow/);
    expect(zhLingui._('newsletter.followMyFeedHint')).toMatch(/关注/);
    expect(enLingui._(DIGEST_NOTE_MESSAGES.digestStopped)).toMatch(/No digest goes to this address/);
    expect(zhLingui._(DIGEST_NOTE_MESSAGES.digestUnconfirmed)).not.toBe(
      enLingui._(DIGEST_NOTE_MESSAGES.digestUnconfirmed),
    );
    // The API's error texts: the app's strings, keys carrying their namespace.
    const { lingui: enCatalogs } = createI18n('en');
    const { lingui: zhCatalogs } = createI18n('zh');
    const en = (descriptor: MessageDescriptor) => enCatalogs._(descriptor);
    const zh = (descriptor: MessageDescriptor) => zhCatalogs._(descriptor);
    const refused = nameMessages(
      new ApiError(409, 'CONFLICT', NEWSLETTER_MESSAGES.followsMyFeedNeedsAccount),
    );
    expect(errorText(en, refused)).toMatch(/sign in with this email address/);
    expect(errorText(zh, refused)).toMatch(/请先用此邮箱登录/);
    const none = nameMessages(new ApiError(404, 'NOT_FOUND', NEWSLETTER_MESSAGES.noAccountSubscription));
    expect(errorText(zh, none)).toMatch(/请先订阅/);
  });
});

describe('the signup box’s outcomes, named by their ids', () => {
  it('are the declared ones, in both languages', () => {
    for (const language of ['en', 'zh'] as const) {
      const { lingui } = createI18n(language);
      for (const [key, descriptor] of Object.entries(OUTCOME_MESSAGES)) {
        const named = outcomeMessage(key as keyof typeof OUTCOME_MESSAGES);
        expect(named.id).toBe(descriptor.id);
        expect(lingui._(named), `${language} ${key}`).toBe(lingui._(descriptor));
        expect(lingui._(named), `${language} ${key}`).not.toBe(named.id);
      }
    }
  });
});
