import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, PUBLIC_URL, startGateway, uniqueEmail } from '../support/gateway-harness.ts';
import { insertTopic, subscribeConfirmed, tamper, tokenFor } from './newsletter-support.ts';

// The List-Unsubscribe URL of every digest, opened in a browser (mail clients offer it as a link, and
// scanners fetch it): a page in the reader's language whose button does the RFC 8058 POST. Opening it
// changes nothing.

let gateway: Gateway;
let topicIds: string[];

beforeAll(async () => {
  gateway = await startGateway();
  topicIds = [
    (await insertTopic(gateway.db.prisma, 'AI Agents', 'AI 智能体')).id,
    (await insertTopic(gateway.db.prisma, 'Engineering', '工程')).id,
  ];
});
afterAll(async () => {
  await gateway?.close();
});

async function subscribed(language: 'en' | 'zh') {
  const email = uniqueEmail(`page-${language}`);
  await subscribeConfirmed(gateway, { email, topic_ids: topicIds, language });
  const token = await tokenFor(gateway.db.prisma, email);
  return { email, token, url: `/api/newsletter/one-click?token=${encodeURIComponent(token)}` };
}

async function stateOf(email: string) {
  const subscriber = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({
    where: { email },
    include: { subscriptions: true },
  });
  return { status: subscriber.status, enabled: subscriber.subscriptions.filter((s) => s.enabled).length };
}

const openPage = (url: string, headers: Record<string, string> = {}) =>
  gateway.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

const pressButton = (url: string) =>
  gateway.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click&from=page',
  });

describe('GET on the one-click unsubscribe URL', () => {
  it('shows the page in the subscriber’s language, with the button, and changes nothing', async () => {
    const zh = await subscribed('zh');
    // A link scanner, a preview and the reader: as often as they like.
    for (let i = 0; i < 3; i += 1) {
      const page = await openPage(zh.url, { 'accept-language': 'en-US' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<html lang="zh-CN">');
      expect(page.body).toContain('<h1>退订每日摘要？</h1>');
      expect(page.body).toMatch(/<form method="post">[\s\S]*<button type="submit">退订<\/button>/);
      expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
      // The other way out: choosing topics on the management page, in Chinese.
      expect(page.body).toContain(
        `href="${PUBLIC_URL}/zh/unsubscribe?token=${encodeURIComponent(zh.token)}&amp;action=view"`,
      );
      expect(page.body).not.toContain(zh.email);
      expect(page.body).toContain(`${zh.email[0]}***@example.com`);
    }
    const head = await gateway.app.inject({ method: 'HEAD', url: zh.url });
    expect(head.statusCode).toBe(200);
    expect(await stateOf(zh.email)).toEqual({ status: 'active', enabled: 2 });

    const en = await subscribed('en');
    const page = await openPage(en.url, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<title>Unsubscribe · Daily Curated</title>');
    expect(page.body).toContain('<h1>Unsubscribe from the daily digest?</h1>');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(page.body).toContain(`href="${PUBLIC_URL}/unsubscribe?token=`);
    expect(await stateOf(en.email)).toEqual({ status: 'active', enabled: 2 });
  });

  it('its button unsubscribes from everything and leads back to the page, which now says so; a mail provider still gets JSON', async () => {
    for (const [language, done] of [
      ['en', 'You are unsubscribed'],
      ['zh', '您已退订'],
    ] as const) {
      const reader = await subscribed(language);
      const pressed = await pressButton(reader.url);
      expect(pressed.statusCode).toBe(303);
      expect(pressed.headers.location).toBe(reader.url);
      expect(await stateOf(reader.email)).toEqual({ status: 'unsubscribed', enabled: 0 });
      const page = await openPage(reader.url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<h1>${done}</h1>`);
      expect(page.body).not.toContain('<form');
      // Pressed again (a second tab): still fine, still unsubscribed.
      expect((await pressButton(reader.url)).statusCode).toBe(303);
    }
    // A mail provider's POST (no field from the page) still gets the JSON answer.
    const reader = await subscribed('en');
    const provider = await gateway.app.inject({
      method: 'POST',
      url: reader.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(provider.statusCode).toBe(200);
    expect(provider.json()).toEqual({ success: true });
    expect(await stateOf(reader.email)).toEqual({ status: 'unsubscribed', enabled: 0 });
  });

  it('a bad link gets a 400 page in the browser’s language; a request without a token the JSON error', async () => {
    const reader = await subscribed('en');
    const bad = `/api/newsletter/one-click?token=${encodeURIComponent(tamper(reader.token))}`;
    const zh = await openPage(bad, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    expect(zh.statusCode).toBe(400);
    expect(zh.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('<h1>无效的退订链接</h1>');
    expect(zh.body).not.toContain('<form');
    const en = await openPage(bad);
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain('<h1>Invalid unsubscribe link</h1>');
    const missing = await openPage('/api/newsletter/one-click');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_FAILED');
    expect(await stateOf(reader.email)).toEqual({ status: 'active', enabled: 2 });
  });
});
