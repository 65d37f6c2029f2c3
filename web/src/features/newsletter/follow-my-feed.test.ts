import { NEWSLETTER_MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { errorText } from '../../api/error-text';
import { nameMessages } from '../../api/message-keys';
import { createI18n } from '../../i18n';
import { digestNoteKey } from './follow-my-feed';

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

  it('labels the switch and says why it was refused, in both languages', () => {
    const en = createI18n('en').fixedT('newsletter');
    const zh = createI18n('zh').fixedT('newsletter');
    expect(en('followMyFeed')).toBe('Follow My feed');
    expect(zh('followMyFeed')).toBe('跟随我的关注');
    expect(en('followMyFeedHint')).toMatch(/follow/);
    expect(zh('followMyFeedHint')).toMatch(/关注/);
    const refused = nameMessages(
      new ApiError(409, 'CONFLICT', NEWSLETTER_MESSAGES.followsMyFeedNeedsAccount),
    );
    expect(errorText(en, refused)).toMatch(/sign in with this email address/);
    expect(errorText(zh, refused)).toMatch(/请先用此邮箱登录/);
    const none = nameMessages(new ApiError(404, 'NOT_FOUND', NEWSLETTER_MESSAGES.noAccountSubscription));
    expect(errorText(zh, none)).toMatch(/请先订阅/);
  });
});
