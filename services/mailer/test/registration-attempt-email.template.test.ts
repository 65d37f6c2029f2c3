import { describe, expect, it } from 'vitest';
import { renderRegistrationAttemptEmail } from '../src/templates/registration-attempt-email.template.ts';

const signInUrl = 'https://daily.example.com/auth';
const resetUrl = 'https://daily.example.com/auth/reset';

describe('renderRegistrationAttemptEmail', () => {
  it('renders English HTML and text: what happened, and the links to sign in and to reset', async () => {
    const email = await renderRegistrationAttemptEmail({ signInUrl, resetUrl, language: 'en' });
    expect(email.subject).toBe('Someone tried to create a Daily Curated account with your address');
    expect(email.html).toContain('lang="en"');
    expect(email.html).toContain(`href="${signInUrl}"`);
    expect(email.html).toContain(`href="${resetUrl}"`);
    expect(email.text).toContain(signInUrl);
    expect(email.text).toContain(resetUrl);
    expect(email.text).toContain('It already has an account');
  });

  it('renders Chinese copy, with the site name in Chinese, for language zh', async () => {
    const email = await renderRegistrationAttemptEmail({
      signInUrl: 'https://daily.example.com/zh/auth',
      resetUrl: 'https://daily.example.com/zh/auth/reset',
      language: 'zh',
    });
    expect(email.subject).toBe('有人尝试用您的邮箱地址注册每日精选账户');
    expect(email.html).toContain('lang="zh-CN"');
    expect(email.html).toContain('href="https://daily.example.com/zh/auth"');
    expect(email.text).toContain('https://daily.example.com/zh/auth/reset');
    expect(email.html).toContain('重置密码');
    expect(email.text).toContain('忘记密码');
    expect(email.text).not.toMatch(/Someone tried/);
  });
});
