import { describe, expect, it } from 'vitest';
import { knowledgeBaseChannels } from './knowledge-base-links';

describe('knowledgeBaseChannels', () => {
  it('takes the first eight names alphabetically, ignoring case, each once', () => {
    const names = [
      'Zeta',
      'alpha',
      'Beta',
      'Fireship',
      'beta',
      'Fireship',
      'Gamma',
      'Delta',
      'Eta',
      'Iota',
      'Kappa',
    ];
    expect(knowledgeBaseChannels(names)).toEqual([
      'alpha',
      'Beta',
      'beta',
      'Delta',
      'Eta',
      'Fireship',
      'Gamma',
      'Iota',
    ]);
  });

  it('is empty when the database has no channels', () => {
    expect(knowledgeBaseChannels([])).toEqual([]);
  });
});
