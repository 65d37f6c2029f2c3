import { createTransport } from 'nodemailer';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../src/smtp-capture.ts';

const capture = await startSmtpCapture({
  rejectRecipients: (address) =>
    address.startsWith('bounce@') ? true : address.startsWith('later@') ? 451 : false,
});
const transport = createTransport({ url: capture.url, pool: true });

afterAll(async () => {
  transport.close();
  await capture.close();
});
beforeEach(() => capture.clear());

describe('startSmtpCapture', () => {
  it('captures a message with a Chinese subject, HTML and text intact', async () => {
    await transport.sendMail({
      from: 'Daily Curated <no-reply@localhost>',
      to: 'reader@example.com',
      subject: '请验证您的邮箱',
      text: 'Open https://example.com/verify?token=abc',
      html: '<p>打开 <a href="https://example.com/verify?token=abc">链接</a></p>',
      headers: { 'X-Test': 'yes' },
    });
    const mail = await capture.waitForMessage((m) => m.to.includes('reader@example.com'), 2000);
    expect(mail.subject).toBe('请验证您的邮箱');
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.fromHeader).toBe('"Daily Curated" <no-reply@localhost>');
    expect(mail.text).toContain('https://example.com/verify?token=abc');
    expect(mail.html).toContain('href="https://example.com/verify?token=abc"');
    expect(mail.headers.get('x-test')).toBe('yes');
    expect(mail.raw.toString()).toContain('Subject: =?UTF-8?');
    expect(capture.messages).toHaveLength(1);
  });

  it('waits for a message that has not arrived yet', async () => {
    const waiting = capture.waitForMessage((m) => m.subject === 'later', 2000);
    await transport.sendMail({ from: 'a@localhost', to: 'b@example.com', subject: 'later', text: 'x' });
    await expect(waiting).resolves.toMatchObject({ subject: 'later', to: ['b@example.com'] });
  });

  it('rejects chosen recipients with 550, or the code asked for', async () => {
    await expect(
      transport.sendMail({ from: 'a@localhost', to: 'bounce@example.com', subject: 's', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      transport.sendMail({ from: 'a@localhost', to: 'later@example.com', subject: 's', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 451 });
    expect(capture.rejected).toEqual([
      { address: 'bounce@example.com', code: 550 },
      { address: 'later@example.com', code: 451 },
    ]);
    expect(capture.messages).toHaveLength(0);
  });

  it('times out with a clear error when nothing matches', async () => {
    await expect(capture.waitForMessage(() => true, 50)).rejects.toThrow(/no matching email within 50 ms/);
  });
});
