import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { UiLanguage } from '@app/contracts';

/** The size link previews draw (Open Graph, X's summary_large_image): 1.91 : 1. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Raise when the drawing changes: every card gets a new version, so caches fetch the new one. */
const CARD_DESIGN = 1;

/** What a page's card says: the kind of page, its title and a line about it, the site it is on. */
export type SocialCard = {
  language: UiLanguage;
  kicker: string;
  title: string;
  description: string;
  site: string;
  host: string;
};

const TITLE_MAX = 110;
const DESCRIPTION_MAX = 150;

/** The card's version: a hash of its words and the design, in its URL and its ETag. */
export function socialCardVersion(card: SocialCard): string {
  return createHash('sha256')
    .update(JSON.stringify([CARD_DESIGN, card]))
    .digest('base64url')
    .slice(0, 16);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `max` characters (whole graphemes, whitespace folded), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const parts = Array.from(graphemes.segment(folded), (part) => part.segment);
  if (parts.length <= max) return folded;
  return `${parts
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

// ---- Fonts: Inter for Latin, Greek and Cyrillic; Noto Sans SC for the rest, only the slices a card uses.

type Weight = 400 | 700;
const WEIGHTS: readonly Weight[] = [400, 700];
type Face = { family: string; file: (weight: Weight) => string; ranges: [number, number][] };
type SatoriFont = { name: string; data: Buffer; weight: Weight; style: 'normal' };

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** The faces of a @fontsource package, from its CSS: one per unicode-range slice (.woff: what satori reads). */
async function facesOf(pkg: string, family: (slice: string) => string): Promise<Face[]> {
  const dir = packageDir(pkg);
  const css = await readFile(path.join(dir, '400.css'), 'utf8');
  const faces: Face[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /files\/([\w-]+)-400-normal\.woff\b/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    faces.push({
      family: family(file),
      file: (weight) => path.join(dir, 'files', `${file}-${weight}-normal.woff`),
      ranges: range.split(',').map((part) => {
        const [from, to] = part.trim().slice(2).split('-');
        const start = Number.parseInt(from as string, 16);
        return [start, to === undefined ? start : Number.parseInt(to, 16)];
      }),
    });
  }
  return faces;
}

const LATIN_SLICES = new Set(['latin', 'latin-ext', 'greek', 'cyrillic', 'cyrillic-ext']);
let faceList: Promise<Face[]> | undefined;
/** Inter's slices first (a Latin letter is drawn in Inter), then Noto Sans SC's. */
function allFaces(): Promise<Face[]> {
  faceList ??= Promise.all([
    facesOf('@fontsource/inter', (file) => file.replace(/^inter-/, 'Inter ')).then((faces) =>
      faces.filter((face) => LATIN_SLICES.has(face.family.slice('Inter '.length))),
    ),
    facesOf('@fontsource/noto-sans-sc', (file) => `SC ${file.split('-').at(-1)}`),
  ]).then(([inter, sc]) => [...inter, ...sc]);
  return faceList;
}

const covers = (face: Face, codePoint: number) =>
  face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

/**
 * The faces a text needs, and the text without the characters no face draws (an emoji, a script
 * neither font has): a card shows a shorter title rather than empty boxes.
 */
export async function facesFor(texts: readonly string[]): Promise<{ faces: Face[]; texts: string[] }> {
  const faces = await allFaces();
  const used = new Set<Face>();
  const kept = texts.map((text) =>
    Array.from(text)
      .filter((char) => {
        const codePoint = char.codePointAt(0) as number;
        if (codePoint <= 0x20) return true;
        const face = faces.find((candidate) => covers(candidate, codePoint));
        if (face) used.add(face);
        return face !== undefined;
      })
      .join(''),
  );
  return { faces: faces.filter((face) => used.has(face)), texts: kept };
}

// A slice is 20–60 kB; the ones cards use are kept (a few hundred at most: CJK is about 100 slices).
const fontFiles = new Map<string, Promise<Buffer>>();
const fontFile = (file: string) => {
  let data = fontFiles.get(file);
  if (!data) {
    data = readFile(file);
    fontFiles.set(file, data);
  }
  return data;
};

async function satoriFonts(faces: readonly Face[]): Promise<SatoriFont[]> {
  const fonts: SatoriFont[] = [];
  for (const face of faces)
    for (const weight of WEIGHTS)
      fonts.push({ name: face.family, data: await fontFile(face.file(weight)), weight, style: 'normal' });
  return fonts;
}

// ---- The drawing: the podcast cover's colours, the page's kind, title and line, the site's name.

// satori's own declarations import React's types, whose globals blank the DOM types of the browser
// tests (one TypeScript project): it is loaded by a name the compiler does not follow, typed here.
const SATORI = 'satori';
type Satori = (
  element: Node,
  options: { width: number; height: number; fonts: SatoriFont[] },
) => Promise<string>;

type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown } };
const box = (style: Record<string, unknown>, children?: unknown): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** The show's mark: a disc with a sound wave, as on the podcast cover. */
function mark(): Node {
  const bars = [0.28, 0.5, 0.78, 1.05, 0.78, 0.5, 0.28];
  return box(
    {
      width: 64,
      height: 64,
      borderRadius: 32,
      background: '#f8fafc',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 4,
    },
    bars.map((height) =>
      box({ width: 4, height: Math.round(height * 30), borderRadius: 2, background: '#4338ca' }),
    ),
  );
}

const PADDING_X = 72;
const INNER_WIDTH = CARD_WIDTH - 2 * PADDING_X;

function titleSize(title: string): number {
  const length = Array.from(title).length;
  if (length <= 32) return 68;
  if (length <= 64) return 56;
  return 46;
}

function tree(card: SocialCard, families: string): Node {
  return box(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: `56px ${PADDING_X}px`,
      boxSizing: 'border-box',
      backgroundImage: 'linear-gradient(135deg, #1e1b4b 0%, #0f766e 100%)',
      color: '#f8fafc',
      fontFamily: families,
    },
    [
      box(
        {
          alignSelf: 'flex-start',
          padding: '8px 20px',
          borderRadius: 999,
          background: 'rgba(248, 250, 252, 0.16)',
          fontSize: 28,
          fontWeight: 700,
        },
        card.kicker,
      ),
      box({ flexDirection: 'column', gap: 24, width: INNER_WIDTH }, [
        box(
          {
            display: 'block',
            width: INNER_WIDTH,
            fontSize: titleSize(card.title),
            fontWeight: 700,
            lineHeight: 1.2,
            lineClamp: 3,
          },
          card.title,
        ),
        ...(card.description
          ? [
              box(
                {
                  display: 'block',
                  width: INNER_WIDTH,
                  fontSize: 30,
                  lineHeight: 1.4,
                  color: 'rgba(248, 250, 252, 0.82)',
                  lineClamp: 2,
                },
                card.description,
              ),
            ]
          : []),
      ]),
      box({ alignItems: 'center', gap: 20, fontSize: 30 }, [
        mark(),
        box({ fontWeight: 700 }, card.site),
        box({ color: 'rgba(248, 250, 252, 0.7)' }, card.host),
      ]),
    ],
  );
}

/**
 * The card as WebP (quality 80: about 30 kB where the PNG is 180 kB; its gradient costs PNG dear),
 * for a page that shows the card as its picture, on a phone's bandwidth. sharp loads on first use.
 */
export async function socialCardWebp(png: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(png).webp({ quality: 80 }).toBuffer();
}

/**
 * A page's card for link previews, as a PNG: laid out by satori (text shaped and wrapped with the
 * shipped fonts, turned into outlines) and rasterised by resvg off the main thread. Both load on
 * first use. Titles and lines are clipped to what the card holds.
 */
export async function renderSocialCard(input: SocialCard): Promise<Buffer> {
  const [{ default: satori }, { renderAsync }] = await Promise.all([
    import(SATORI) as Promise<{ default: Satori }>,
    import('@resvg/resvg-js'),
  ]);
  const clipped = {
    ...input,
    title: clip(input.title, TITLE_MAX),
    description: clip(input.description, DESCRIPTION_MAX),
  };
  const { faces, texts } = await facesFor([
    clipped.kicker,
    clipped.title,
    clipped.description,
    clipped.site,
    clipped.host,
  ]);
  const [kicker, title, description, site, host] = texts as [string, string, string, string, string];
  const card = { ...clipped, kicker, title, description, site, host };
  const families = faces.map((face) => `'${face.family}'`).join(', ');
  const svg = await satori(tree(card, families), {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await satoriFonts(faces.length ? faces : (await facesFor(['a'])).faces),
  });
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}
