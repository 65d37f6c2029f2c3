import { describe, expect, it } from 'vitest';
import { renderPasswordResetEmail } from '../src/templates/password-reset-email.template.ts';

const resetUrl = 'https://daily.example.com/auth/reset?token=abc&x=1';

describe('renderPasswordResetEmail', () => {
  it('renders English HTML and text with the link and the one-hour expiry', async () => {
    const email = await renderPasswordResetEmail({ resetUrl, language: 'en' });
    expect(email.subject).toBe('Reset your Daily Curated password');
    expect(email.html).toContain('lang="en"');
    expect(email.html).toContain('href="https://daily.example.com/auth/reset?token=abc&amp;x=1"');
    expect(email.text).toContain(resetUrl);
    expect(email.text).toContain('expires in one hour');
    expect(email.text).toContain('you can ignore this email');
  });

  it('renders Chinese copy for language zh', async () => {
    const email = await renderPasswordResetEmail({ resetUrl, language: 'zh' });
    expect(email.subject).toBe('重置您的每日精选密码');
    expect(email.html).toContain('lang="zh-CN"');
    expect(email.text).toContain('一小时后失效');
    expect(email.text).toContain(resetUrl);
    expect(email.text).not.toMatch(/Choose a new password/);
  });

  it('cannot be broken out of by a crafted link', async () => {
    const email = await renderPasswordResetEmail({
      resetUrl: 'https://x.example/"><script>x</script>',
      language: 'en',
    });
    expect(email.html).not.toContain('<script>x</script>');
  });
});
