import { describe, expect, it } from 'vitest';
import { summaryPageHtml } from './summary-html.ts';

describe('summaryPageHtml', () => {
  it('leaves out a heading that repeats the headline, whatever its marks, case or closing stop', () => {
    const html = summaryPageHtml(
      '## New *Responses* API for agents.\n\nBody text',
      'New Responses API for Agents',
    );
    expect(html).toBe('<p>Body text</p>\n');
  });

  it('keeps a heading that says something else, and the headline in the text', () => {
    const html = summaryPageHtml(
      '## Key points\n\nNew Responses API for agents',
      'New Responses API for agents',
    );
    expect(html).toBe('<h4>Key points</h4>\n<p>New Responses API for agents</p>\n');
  });

  it('starts the headings at h4, keeping their order, and never past h6', () => {
    expect(summaryPageHtml('# A\n\n## B\n\n###### F')).toBe('<h4>A</h4>\n<h5>B</h5>\n<h6>F</h6>\n');
    expect(summaryPageHtml('##### Deep\n\n###### Deeper')).toBe('<h5>Deep</h5>\n<h6>Deeper</h6>\n');
  });

  it('moves headings inside quotes too', () => {
    expect(summaryPageHtml('> ## Quoted')).toBe('<blockquote>\n<h4>Quoted</h4>\n</blockquote>\n');
  });
});
