import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useLanguage } from '../i18n/language-provider';
import { useAuth } from './auth/auth-provider';

function Probe({ hook }: { hook: () => unknown }) {
  hook();
  return null;
}

const renderOutsideProvider = (hook: () => unknown) => () => renderToString(createElement(Probe, { hook }));

describe('context hooks outside their providers', () => {
  it('useAuth throws the spec message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(renderOutsideProvider(useAuth)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('useLanguage throws the spec message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(renderOutsideProvider(useLanguage)).toThrow('useLanguage must be used within a LanguageProvider');
  });
});
