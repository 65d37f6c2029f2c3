import { describe, expect, it } from 'vitest';
import {
  BLOG_POST,
  CRAWLED_CONTENT,
  createSanitizer,
  FEED_ITEM,
  SUMMARY_PAGE,
  type SanitizeProfile,
} from '../src/index.ts';
import { elementsOf, textOf } from './dom.ts';

const BASE = 'https://blog.example/post/1';

/** Each attack with what must not survive it as text either (script bodies, styles, embedded documents). */
const ATTACKS: [html: string, droppedText?: string][] = [
  ['<script>alert(1)</script><p>kept</p>', 'alert'],
  ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>'],
  ['<script>alert(1)', 'alert'],
  ['<scr<script>ipt>alert(1)</script>', 'alert'],
  ['<<script>script>alert(1)</script>', 'alert'],
  ['<script\n>alert(1)</script\n>', 'alert'],
  ['<img src=x onerror=alert(1)>'],
  ['<img src="https://ok.example/a.png" OnError="alert(1)" onload=alert(1)>'],
  ['<p onclick="alert(1)" onmouseover=alert(1)>click</p>'],
  ['<details open ontoggle=alert(1)><summary>s</summary></details>'],
  ['<IMG SRC="javascript:alert(1);">'],
  ['<img src="jav&#x09;ascript:alert(1)">'],
  ['<img src="  javascript:alert(1)" alt="spaced">'],
  ['<a href="jav&#x61;script:alert(1)">hex entity</a>'],
  ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">decimal</a>'],
  ['<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">no semicolons</a>'],
  [
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">padded</a>',
  ],
  ['<a href="javascript&colon;alert(1)">named colon</a>'],
  ['<a href="JaVaScRiPt:alert(1)">cased</a>'],
  ['<a href="java\tscript:alert(1)">tab</a>'],
  ['<a href="java&#10;script:alert(1)">newline</a>'],
  ['<a href="&#1;javascript:alert(1)">control character</a>'],
  ['<a href=javascript:alert(1)>unquoted</a>'],
  ["<a href='javascript:alert(1)'>single quoted</a>"],
  ['<a href="vbscript:msgbox(1)">vbscript</a>'],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>'],
  ['<a href="DATA:text/html,<script>alert(1)</script>">cased data</a>'],
  ['<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="svg">'],
  ['<img src="data:text/html,x" alt="html">'],
  ['<a href=/ok onclick=alert(1) style="color:red">styled link</a>'],
  ['<p style="background:url(javascript:alert(1))">styled</p>'],
  ['<style>body{background:url(javascript:alert(1))}</style>after', 'background'],
  ['<svg onload=alert(1)><circle /></svg>'],
  [
    '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>svg link</text></a></svg>',
    'svg link',
  ],
  ['<svg><style><img src=x onerror=alert(1)></style></svg>'],
  ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['<math href="javascript:alert(1)"><mi>x</mi></math>', 'x'],
  ['<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['<iframe src="javascript:alert(1)">fallback</iframe>', 'fallback'],
  ['<object data="javascript:alert(1)">inside</object><embed src="javascript:alert(1)">after', 'inside'],
  ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['<template><img src=x onerror=alert(1)></template>'],
  ['<textarea><img src=x onerror=alert(1)></textarea>'],
  ['<title><img src=x onerror=alert(1)></title>'],
  ['<!--<img src=x onerror=alert(1)>-->'],
  ['<!--><img src=x onerror=alert(1)>-->'],
  ['<![CDATA[<img src=x onerror=alert(1)>]]>'],
  [
    '<form action="javascript:alert(1)"><input name=a><button formaction="javascript:alert(1)">go</button></form>',
  ],
  ['<video poster="javascript:alert(1)" src="javascript:alert(1)" controls></video>'],
  ['<img src="/a.png" data-src="javascript:alert(1)" srcset="javascript:alert(1) 1x">'],
  ['<div><a href="/ok">"><script>alert(1)</script></a></div>', 'alert'],
  ['<a href="/x" title="&quot; onmouseover=&quot;alert(1)">quoted</a>'],
  ['<a title="x"onmouseover="alert(1)">glued</a>'],
  ['<a/href="javascript:alert(1)">slash</a>'],
  ['<img/src=x/onerror=alert(1)>'],
  ['<p>unclosed <b>bold <i>italic <a href="javascript:alert(1)">link'],
  ['<p title="unterminated'],
  ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['<base href="javascript:alert(1)//">'],
  ['<link rel="stylesheet" href="https://evil.example/x.css">'],
  ['<table><tr><td colspan="2" onclick="alert(1)" background="javascript:alert(1)">cell</td></tr></table>'],
  ['<select><option><img src=x onerror=alert(1)></option></select>'],
];

const PROFILES: Record<string, SanitizeProfile> = { CRAWLED_CONTENT, BLOG_POST, FEED_ITEM, SUMMARY_PAGE };

/** The attributes `profile` may leave on `tag`. */
function allowed(profile: SanitizeProfile, tag: string): string[] {
  return [
    ...(profile.tags[tag] ?? []),
    ...(profile.anyTag ?? []),
    ...Object.keys(profile.force?.[tag] ?? {}),
  ];
}

/** The scheme a browser would use for `value`, relative URLs resolved against BASE. */
const schemeOf = (value: string) => new URL(value, BASE).protocol.slice(0, -1);

describe.each(Object.entries(PROFILES))('%s against attacks', (_name, profile) => {
  const sanitize = createSanitizer(profile);

  it.each(ATTACKS)('%s', (attack, droppedText) => {
    const clean = sanitize(attack, BASE);
    const context = `${attack} → ${clean}`;
    // Parsed back as a browser would, every element and attribute is one the profile allows.
    for (const element of elementsOf(clean)) {
      expect(element.namespaceURI, context).toBe('http://www.w3.org/1999/xhtml');
      expect(Object.keys(profile.tags), context).toContain(element.tagName);
      for (const { name, value } of element.attrs) {
        expect(allowed(profile, element.tagName), context).toContain(name);
        if (['href', 'src', 'poster', 'cite'].includes(name)) {
          const schemes = profile.schemesByTag?.[element.tagName] ?? profile.schemes;
          expect(schemes, context).toContain(schemeOf(value));
        }
      }
      if (element.tagName === 'img') expect(element.attrs.map((a) => a.name)).toContain('src');
    }
    // Nothing that runs: scripts and embedded documents, handlers, script URLs.
    expect(clean, context).not.toMatch(
      /<\s*(script|style|iframe|svg|math|object|embed|form|meta|base|link)\b/i,
    );
    const attributes = elementsOf(clean).flatMap((element) => element.attrs);
    expect(
      attributes.filter((a) => /^on/i.test(a.name)),
      context,
    ).toEqual([]);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip them in a URL's scheme
    const values = attributes.map((a) => a.value.replace(/[\x00-\x20]+/g, '')).join(' ');
    expect(values, context).not.toMatch(/javascript:|vbscript:/i);
    if (droppedText) expect(textOf(clean), context).not.toContain(droppedText);
  });

  it('keeps the text around what it drops', () => {
    expect(textOf(sanitize('<p>before<script>alert(1)</script>after</p>', BASE))).toBe('beforeafter');
    expect(textOf(sanitize('<p>a < b &amp;&amp; c > d</p>', BASE))).toBe('a < b && c > d');
    expect(textOf(sanitize('<unknown-tag>inside</unknown-tag> <font color=red>red</font>', BASE))).toBe(
      'inside red',
    );
  });
});

describe('createSanitizer', () => {
  it('refuses a profile that would keep a script, a handler, a style or an unchecked URL', () => {
    expect(() => createSanitizer({ tags: { script: [] }, schemes: [] })).toThrow(/script/);
    expect(() => createSanitizer({ tags: { a: ['onclick'] }, schemes: [] })).toThrow(/onclick/);
    expect(() => createSanitizer({ tags: { p: [] }, anyTag: ['style'], schemes: [] })).toThrow(/style/);
    expect(() => createSanitizer({ tags: { img: ['srcset'] }, schemes: [] })).toThrow(/srcset/);
  });
});
