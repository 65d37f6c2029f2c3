import { describe, expect, it } from 'vitest';
import { BLOG_POST, CRAWLED_CONTENT, createSanitizer, FEED_ITEM, SUMMARY_PAGE } from '../src/index.ts';
import { shapeOf, textOf } from './dom.ts';

const crawled = createSanitizer(CRAWLED_CONTENT);
const blogPost = createSanitizer(BLOG_POST);
const feedItem = createSanitizer(FEED_ITEM);
const summaryPage = createSanitizer(SUMMARY_PAGE);

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('every profile', () => {
  const all = { crawled, blogPost, feedItem, summaryPage };

  it.each(Object.entries(all))(
    '%s: drops an image without a usable src, keeps one with',
    (_name, sanitize) => {
      for (const html of [
        '<img alt="none">',
        '<img src="" alt="empty">',
        '<img src="javascript:x" alt="js">',
      ]) {
        expect(shapeOf(sanitize(html, 'https://blog.example/'))).toEqual([]);
      }
      if (sanitize !== feedItem) {
        expect(shapeOf(sanitize('<img src="https://img.example/a.png">')).map((s) => s.slice(0, 4))).toEqual([
          'img[',
        ]);
      }
    },
  );

  it.each(Object.entries(all))(
    '%s: writes text and attributes escaped, entities decoded once',
    (_n, sanitize) => {
      const clean = sanitize(
        '<p>Don&#39;t &quot;quote&quot; a &lt; b &amp;amp; <a href="https://x.example/?a=1&amp;b=2" >q</a></p>',
      );
      expect(clean).toContain(
        '<p>Don\'t "quote" a &lt; b &amp;amp; <a href="https://x.example/?a=1&amp;b=2"',
      );
      expect(textOf(clean)).toBe('Don\'t "quote" a < b &amp; q');
    },
  );
});

describe('CRAWLED_CONTENT', () => {
  const base = 'https://blog.example/post/1';

  it('resolves relative links and images against the item, and gives lazy images a src', () => {
    const clean = crawled(
      '<p><a href="/a" title="t">x</a><img data-src="img/b.png" alt="b"><img data-original="//cdn.example/c.png"></p>',
      base,
    );
    expect(shapeOf(clean)).toEqual([
      'p[]',
      'a[href=https://blog.example/a title=t]',
      'img[src=https://blog.example/post/img/b.png alt=b]',
      'img[src=https://cdn.example/c.png]',
    ]);
    expect(clean).toBe(
      '<p><a href="https://blog.example/a" title="t">x</a><img src="https://blog.example/post/img/b.png" alt="b"><img src="https://cdn.example/c.png"></p>',
    );
  });

  it('drops what cannot be made absolute without a base, and data: images', () => {
    expect(shapeOf(crawled(`<a href="/a">x</a><img src="b.png"><img src="${PNG}">`))).toEqual(['a[]']);
    expect(shapeOf(crawled('<a href="https://ok.example/">x</a>'))).toEqual(['a[href=https://ok.example/]']);
  });

  it('adds nothing to links and keeps no classes or ids', () => {
    expect(crawled('<a href="https://x.example/" target="_blank" rel="opener" class="c" id="i">x</a>')).toBe(
      '<a href="https://x.example/">x</a>',
    );
    expect(crawled('<code class="language-js">x</code><br/>')).toBe('<code>x</code><br>');
  });

  it('keeps media with their controls and table spans', () => {
    expect(
      shapeOf(
        crawled(
          '<video src="/v.mp4" poster="/p.jpg" controls autoplay><source src="/v.webm" type="video/webm"></video>',
          base,
        ),
      ),
    ).toEqual([
      'video[src=https://blog.example/v.mp4 poster=https://blog.example/p.jpg controls=]',
      'source[src=https://blog.example/v.webm type=video/webm]',
    ]);
    expect(shapeOf(crawled('<table><tr><td colspan="2" width="9">c</td></tr></table>'))).toEqual([
      'table[]',
      'tbody[]',
      'tr[]',
      'td[colspan=2]',
    ]);
  });
});

describe('BLOG_POST', () => {
  it('makes links safe to leave by, keeping a target the author set', () => {
    expect(blogPost('<a href="https://x.example/" rel="opener" target="_blank" title="t">x</a>')).toBe(
      '<a href="https://x.example/" title="t" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(shapeOf(blogPost('<a href="#intro">in page</a> <a href="/blog/next">next</a>'))).toEqual([
      'a[href=#intro rel=noopener noreferrer]',
      'a[href=/blog/next rel=noopener noreferrer]',
    ]);
  });

  it('keeps data: images, ids and code classes; no data: links', () => {
    expect(shapeOf(blogPost(`<h2 id="intro">Intro</h2><img src="${PNG}" alt="dot" loading="lazy">`))).toEqual(
      ['h2[id=intro]', `img[src=${PNG} alt=dot loading=lazy]`],
    );
    expect(blogPost('<pre><code class="language-ts hljs">x</code></pre>')).toBe(
      '<pre><code class="language-ts hljs">x</code></pre>',
    );
    expect(shapeOf(blogPost(`<a href="${PNG}">x</a>`))).toEqual(['a[rel=noopener noreferrer]']);
  });

  it('writes void elements XHTML style', () => {
    expect(blogPost('a<br>b<hr><img src="https://i.example/a.png" alt="">')).toBe(
      'a<br />b<hr /><img src="https://i.example/a.png" alt="" />',
    );
  });
});

describe('FEED_ITEM', () => {
  it('keeps text markup and links (made safe), nothing else', () => {
    const clean = feedItem(
      '<h2>Title</h2><p><a href="https://x.example/" title="t" target="_self">x</a> <a href="javascript:x">y</a></p>' +
        '<img src="https://img.example/a.png"><pre><code class="language-js">c</code></pre><div>d</div>',
    );
    expect(shapeOf(clean)).toEqual([
      'h2[]',
      'p[]',
      'a[href=https://x.example/ rel=noopener noreferrer]',
      'a[rel=noopener noreferrer]',
      'pre[]',
      'code[]',
    ]);
    expect(textOf(clean)).toBe('Titlex ycd');
  });

  it('writes void elements XHTML style', () => {
    expect(feedItem('<p>a<br>b</p><hr>')).toBe('<p>a<br />b</p><hr />');
  });
});

describe('SUMMARY_PAGE', () => {
  it('opens links in a new tab that cannot reach back, and loads images lazily with no referrer', () => {
    expect(summaryPage('<a href="https://x.example/" title="t">x</a>')).toBe(
      '<a href="https://x.example/" title="t" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(summaryPage('<img src="https://img.example/c.png" alt="chart" loading="eager">')).toBe(
      '<img src="https://img.example/c.png" alt="chart" loading="lazy" referrerpolicy="no-referrer" />',
    );
  });

  it('keeps the code language class only', () => {
    expect(shapeOf(summaryPage('<code class="language-ts hljs evil">x</code>'))).toEqual([
      'code[class=language-ts]',
    ]);
    expect(summaryPage('<code class="hljs">x</code>')).toBe('<code>x</code>');
    expect(summaryPage('<p class="language-ts">x</p>')).toBe('<p>x</p>');
  });

  it('keeps list starts and column alignment; images only from http(s)', () => {
    expect(
      shapeOf(summaryPage('<ol start="3"><li>c</li></ol><table><tr><th align="center">h</th></tr></table>')),
    ).toEqual(['ol[start=3]', 'li[]', 'table[]', 'tbody[]', 'tr[]', 'th[align=center]']);
    expect(shapeOf(summaryPage(`<img src="${PNG}" alt="d"><img src="mailto:a@b.example">`))).toEqual([]);
  });
});
