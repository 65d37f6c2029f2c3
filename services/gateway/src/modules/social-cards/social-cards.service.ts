import { type SocialCardFormat, WEB_PAGES } from '@app/contracts';
import { matchWebPage } from '@app/rules';
import { LRUCache } from 'lru-cache';
import type { FileCache } from '../../lib/file-cache.ts';
import { pageCard } from '../../lib/page-head.ts';
import { renderSocialCard, socialCardVersion, socialCardWebp } from '../../lib/social-card.ts';
import type { ServiceContext } from '../context.ts';
import type { createWebPagesService } from '../web-pages/web-pages.service.ts';

/** Reads no repository of its own: the page's row comes from the web pages service. */
export const SOCIAL_CARDS_REPOS = [] as const;

/** Drawn cards kept in this process, by version (a card is 60–250 kB). */
const CACHE_BYTES = 24 * 1024 * 1024;
/** Drawn cards kept on disk between processes (CACHE_DIR/social-cards): a few thousand. */
export const DISK_CACHE_BYTES = 256 * 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Whether a file of the disk cache is a whole picture of its format (a PNG ends with its IEND chunk). */
export function isCardFile(name: string, data: Buffer): boolean {
  if (name.endsWith('.png'))
    return data.subarray(0, 8).equals(PNG_SIGNATURE) && data.subarray(-8, -4).toString('latin1') === 'IEND';
  if (name.endsWith('.webp'))
    return (
      data.subarray(0, 4).toString('latin1') === 'RIFF' &&
      data.subarray(8, 12).toString('latin1') === 'WEBP' &&
      data.readUInt32LE(4) + 8 === data.length
    );
  return false;
}

export type SocialCardAnswer = {
  /** The card's current version: its ETag, and the `v` its page's head links to. */
  version: string;
  /** The picture in that format, drawn on first request and kept. */
  image: (format: SocialCardFormat) => Promise<Buffer>;
};

export type SocialCardsService = ReturnType<typeof createSocialCardsService>;

/**
 * The link-preview card of each public page (lib/social-card.ts): the words its head has, drawn once
 * per version. Only a page that is served with a 200 and open to crawlers has one.
 */
export function createSocialCardsService(
  ctx: ServiceContext<(typeof SOCIAL_CARDS_REPOS)[number]>,
  services: { webPages: ReturnType<typeof createWebPagesService> },
  /** Where drawn cards are kept between processes (a card is drawn in 0.1–2 s); none: in memory only. */
  disk?: FileCache,
) {
  const drawn = new LRUCache<string, Buffer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (image) => image.length,
  });
  const drawing = new Map<string, Promise<Buffer>>();

  /** `make`'s picture under `key`, made once however many ask at a time, and kept (on disk too). */
  function kept(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const image = drawn.get(key);
    if (image) return Promise.resolve(image);
    let pending = drawing.get(key);
    if (!pending) {
      pending = (async () => {
        const stored = await disk?.get(key);
        if (stored) return stored;
        const made = await make();
        await disk?.set(key, made);
        return made;
      })()
        .then((made) => {
          drawn.set(key, made);
          return made;
        })
        .finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    return pending;
  }

  function draw(version: string, card: Parameters<typeof renderSocialCard>[0], format: SocialCardFormat) {
    const png = () => kept(`${version}.png`, () => renderSocialCard(card));
    return format === 'png' ? png() : kept(`${version}.webp`, async () => socialCardWebp(await png()));
  }

  return {
    /** The card of the page at `page` (a path as in its canonical URL), or null when it has none. */
    async cardOf(page: string): Promise<SocialCardAnswer | null> {
      const match = matchWebPage(page);
      if (!match || !WEB_PAGES[match.name].index) return null;
      const { status, data } = await services.webPages.documentOf(match, match.language);
      if (status !== 200) return null;
      const card = pageCard({ match, data, publicUrl: ctx.config.PUBLIC_URL });
      const version = socialCardVersion(card);
      return { version, image: (format) => draw(version, card, format) };
    },
  };
}
