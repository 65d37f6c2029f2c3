import { describe, expect, it } from 'vitest';
import { renderVerificationEmail } from '../src/templates/verification-email.template.ts';

const verifyUrl = 'https://daily.example.com/api/auth/verify?token=abc&lang=zh';

describe('renderVerificationEmail', () => {
  it('renders English HTML and text with the link in both', async () => {
    const email = await renderVerificationEmail({ verifyUrl, language: 'en' });
    expect(email.subject).toBe('Verify your email address for Daily Curated');
    expect(email.html).toMatch(/^<!doctype html>/i);
    expect(email.html).toContain('lang="en"');
    // In HTML the & of the query string is escaped; clients decode it back.
    expect(email.html).toContain('href="https://daily.example.com/api/auth/verify?token=abc&amp;lang=zh"');
    expect(email.html).toContain('Verify email address');
    expect(email.text).toContain(verifyUrl);
    expect(email.text).toContain('If you did not create a Daily Curated account');
  });

  it('renders Chinese copy for language zh', async () => {
    const email = await renderVerificationEmail({ verifyUrl, language: 'zh' });
    expect(email.subject).toBe('请验证您的每日精选邮箱地址');
    expect(email.html).toContain('lang="zh-CN"');
    expect(email.html).toContain('验证邮箱地址');
    expect(email.text).toContain('感谢您注册每日精选');
    expect(email.text).toContain(verifyUrl);
    expect(email.text).not.toMatch(/Thanks for signing up/);
  });

  it('cannot be broken out of by a crafted link', async () => {
    const email = await renderVerificationEmail({
      verifyUrl: 'https://x.example/"><script>x</script>',
      language: 'en',
    });
    expect(email.html).not.toContain('<script>x</script>');
  });
});
