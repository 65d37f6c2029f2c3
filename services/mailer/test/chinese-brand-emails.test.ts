import { BRAND_NAME } from '@app/contracts';
import { digestLinks, personalizeDigest, type RenderedEmail, renderDigestTemplate } from '@app/digest';
import { describe, expect, it } from 'vitest';
import { renderNewsletterConfirmation } from '../src/templates/newsletter-confirmation.template.ts';
import { renderPasswordResetEmail } from '../src/templates/password-reset-email.template.ts';
import { renderRegistrationAttemptEmail } from '../src/templates/registration-attempt-email.template.ts';
import { renderSignInWarningEmail } from '../src/templates/sign-in-warning-email.template.ts';
import { renderVerificationEmail } from '../src/templates/verification-email.template.ts';

// A Chinese reader knows the product as 每日精选 (the site's own name in Chinese): every email to them
// says so in its subject, its body (the header above the card) and its footer, never "Daily Curated".

const url = 'https://daily.example.com/zh/x';

async function digest(language: 'en' | 'zh', timeZone: string): Promise<RenderedEmail> {
  const template = await renderDigestTemplate(
    {
      language,
      date: '2026-11-20',
      summaryCount: 1,
      topics: [
        {
          id: '4f1c2b8e-0000-4000-8000-000000000001',
          name: language === 'zh' ? '人工智能' : 'AI',
          summaries: [
            {
              id: 's1',
              headline: language === 'zh' ? '小模型' : 'Small models',
              excerpt: '…',
              sourceUrl: 'https://example.com/a',
              sourceName: null,
              sources: [],
            },
          ],
        },
      ],
    },
    'https://daily.example.com',
  );
  return personalizeDigest(
    template,
    digestLinks('https://daily.example.com', language, 'id.sig', '2026-11-20'),
    timeZone,
  );
}

const chinese: [string, () => Promise<RenderedEmail>][] = [
  ['verification', () => renderVerificationEmail({ verifyUrl: url, language: 'zh' })],
  ['password reset', () => renderPasswordResetEmail({ resetUrl: url, language: 'zh' })],
  ['sign-in warning', () => renderSignInWarningEmail({ resetUrl: url, language: 'zh' })],
  [
    'registration attempt',
    () => renderRegistrationAttemptEmail({ signInUrl: url, resetUrl: url, language: 'zh' }),
  ],
  [
    'newsletter confirmation',
    () => renderNewsletterConfirmation({ confirmUrl: url, language: 'zh', timeZone: 'Asia/Shanghai' }),
  ],
  ['digest', () => digest('zh', 'Asia/Shanghai')],
];

/** The visible text of the email's HTML: tags, the head's styles and entities aside. */
const visibleText = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('Chinese emails name the product 每日精选', () => {
  it.each(chinese)('%s: subject, body and footer', async (_, render) => {
    const email = await render();
    expect(email.subject).toContain(BRAND_NAME.zh);
    for (const part of [email.subject, email.text, email.html]) expect(part).not.toContain('Daily Curated');
    // The name above the card, alone in its block.
    expect(email.html).toMatch(new RegExp(`>\\s*${BRAND_NAME.zh}</div>`));
    // The footer (the text part's last block, after "--"), in the HTML too.
    const footer = (email.text.split('\n--\n')[1] ?? '').split('\n')[0]!;
    expect(footer).toContain(BRAND_NAME.zh);
    expect(visibleText(email.html)).toContain(footer);
  });

  it('an English email keeps "Daily Curated"', async () => {
    const email = await renderVerificationEmail({ verifyUrl: url, language: 'en' });
    expect(visibleText(email.html)).toContain('Daily Curated');
    expect(email.html).not.toContain(BRAND_NAME.zh);
  });
});

describe('the delivery time, with its zone', () => {
  it('the confirmation says when the digest comes, in the zone asked for', async () => {
    const en = await renderNewsletterConfirmation({
      confirmUrl: url,
      language: 'en',
      timeZone: 'Asia/Shanghai',
    });
    expect(en.text).toContain('every day at 8 AM, Asia/Shanghai');
    expect(visibleText(en.html)).toContain('every day at 8 AM, Asia/Shanghai');
    const zh = await renderNewsletterConfirmation({
      confirmUrl: url,
      language: 'zh',
      timeZone: 'America/New_York',
    });
    expect(zh.text).toContain('每天上午 8 点（America/New_York）');
    expect(visibleText(zh.html)).toContain('每天上午 8 点（America/New_York）');
  });

  it('the digest footer names the reader’s own zone', async () => {
    const en = await digest('en', 'Europe/Berlin');
    expect(en.text).toContain('You receive this email every day at 8 AM, Europe/Berlin');
    expect(visibleText(en.html)).toContain('every day at 8 AM, Europe/Berlin');
    const zh = await digest('zh', 'Asia/Shanghai');
    expect(zh.text).toContain('您每天上午 8 点（Asia/Shanghai）收到此邮件');
    for (const part of [en.html, en.text, zh.html, zh.text]) expect(part).not.toContain('%%DC_');
  });
});
