import { describe, expect, it } from 'vitest';
import { renderSignInWarningEmail } from '../src/templates/sign-in-warning-email.template.ts';

const resetUrl = 'https://daily.example.com/auth/reset';

describe('renderSignInWarningEmail', () => {
  it('renders English HTML and text: what happened, and the way to a new password', async () => {
    const email = await renderSignInWarningEmail({ resetUrl, language: 'en' });
    expect(email.subject).toBe('Someone tried to sign in to your Daily Curated account');
    expect(email.html).toContain('lang="en"');
    expect(email.html).toContain(`href="${resetUrl}"`);
    expect(email.text).toContain(resetUrl);
    expect(email.text).toContain('failed with a wrong password');
    expect(email.text).toContain('do not hold up sign-ins from a browser you have signed in with before');
  });

  it('renders Chinese copy for language zh', async () => {
    const email = await renderSignInWarningEmail({
      resetUrl: `${resetUrl.replace('/auth', '/zh/auth')}`,
      language: 'zh',
    });
    expect(email.subject).toBe('有人尝试登录您的每日精选账户');
    expect(email.html).toContain('lang="zh-CN"');
    expect(email.text).toContain('设置新密码');
    expect(email.text).toContain('https://daily.example.com/zh/auth/reset');
    expect(email.text).not.toMatch(/Someone tried/);
  });
});
