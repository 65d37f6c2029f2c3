import { describe, expect, it } from 'vitest';
import { htmlToText } from '../src/index.ts';

describe('htmlToText', () => {
  it('ends a line after blocks, table rows and line breaks, and collapses spaces', () => {
    expect(htmlToText('<p>A&nbsp;&amp;&nbsp;B</p><p>C</p>')).toBe('A & B\nC');
    expect(htmlToText('<h2>Title</h2>\n\n\n<ul><li>one</li><li>two</li></ul>a<br/>b')).toBe(
      'Title\n\none\ntwo\na\nb',
    );
    expect(htmlToText('<table><tr><th>k</th><td>v</td></tr></table><pre>x</pre>y')).toBe('k v\nx\ny');
  });

  it('keeps inline words together and drops scripts, styles and embedded documents with their content', () => {
    expect(htmlToText('un<b>believ</b>able')).toBe('unbelievable');
    expect(htmlToText('<p>a<script>alert(1)</script><style>p{}</style><svg><text>s</text></svg>b</p>')).toBe(
      'ab',
    );
    expect(htmlToText('<p>kept<noscript>no</noscript><textarea>t</textarea></p>')).toBe('kept');
  });

  it('decodes entities once and keeps a "<" that opens no tag', () => {
    expect(htmlToText('a < b &amp;lt; c &#x4E2D;文')).toBe('a < b &lt; c 中文');
    expect(htmlToText('Attack &amp; Defense')).toBe('Attack & Defense');
  });

  it('returns plain text as it is', () => {
    expect(htmlToText('  plain title  ')).toBe('plain title');
    expect(htmlToText('')).toBe('');
  });
});
