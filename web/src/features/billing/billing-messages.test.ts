import { PAYMENT_ERROR_TEXTS } from '@app/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import {
  billingMessage,
  FAQ_MESSAGES,
  FREE_FEATURES,
  PAYMENT_ERROR_MESSAGES,
  PLAN_MESSAGES,
  PRICING_FREE_FEATURES_MESSAGES,
  PRICING_PRO_FEATURES_MESSAGES,
  PRO_FEATURES,
} from './billing-messages';
import { classifyCheckoutError } from './payment-error';

// The pricing page names its many texts by ids put together at run time (billingMessage): each must be
// the id of a declared message (which `lingui extract` put in the catalogs), in both languages.
const languages = { en: createI18n('en').lingui, zh: createI18n('zh').lingui };

function expectSame(key: string, part: string, declared: MessageDescriptor) {
  const putTogether = billingMessage(key, part);
  expect(putTogether.id, `${key}.${part}`).toBe(declared.id);
  for (const lingui of Object.values(languages)) {
    const text = lingui._(putTogether);
    expect(text, `${lingui.locale} ${putTogether.id}`).toBe(lingui._(declared));
    expect(text, `${lingui.locale} ${putTogether.id}`).not.toBe(putTogether.id);
  }
}

describe('billing messages put together at run time', () => {
  it('are the declared ones, for every payment failure, plan, feature and question', () => {
    for (const [key, parts] of Object.entries(PAYMENT_ERROR_MESSAGES)) {
      for (const [part, declared] of Object.entries(parts)) expectSame(key, part, declared);
    }
    for (const [plan, parts] of Object.entries(PLAN_MESSAGES)) {
      for (const [part, declared] of Object.entries(parts)) expectSame(`pricing.${plan}`, part, declared);
    }
    for (const [item, parts] of Object.entries(FAQ_MESSAGES)) {
      for (const [part, declared] of Object.entries(parts)) expectSame(`pricing.faq.${item}`, part, declared);
    }
    for (const feature of PRO_FEATURES)
      expectSame('pricing', `proFeatures.${feature}`, PRICING_PRO_FEATURES_MESSAGES[feature]);
    for (const feature of FREE_FEATURES)
      expectSame('pricing', `free.features.${feature}`, PRICING_FREE_FEATURES_MESSAGES[feature]);
  });

  it('name every failure the checkout can classify, in Chinese too', () => {
    expect(Object.keys(PAYMENT_ERROR_MESSAGES)).toEqual(
      expect.arrayContaining(Object.keys(PAYMENT_ERROR_TEXTS).map((key) => `errors.${key}`)),
    );
    const declined = classifyCheckoutError({ decline_code: 'expired_card', code: 'card_declined' });
    expect(languages.zh._(billingMessage(declined.textKey, 'title'))).toMatch(/[\u4e00-\u9fff]/);
    expect(languages.en._(billingMessage(classifyCheckoutError(new Error('x')).textKey, 'action'))).toMatch(
      /\w+/,
    );
  });
});
