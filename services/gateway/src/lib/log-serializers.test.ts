import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-serializers.ts';

describe('redactUrl', () => {
  it('hides link tokens and OAuth codes but keeps the rest', () => {
    expect(redactUrl('/api/auth/verify?token=en.secret')).toBe('/api/auth/verify?token=%5Bredacted%5D');
    expect(redactUrl('/api/auth/google/callback?code=c&state=s&scope=email')).toBe(
      '/api/auth/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&scope=email',
    );
    expect(redactUrl('/api/summaries?page=2')).toBe('/api/summaries?page=2');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});
