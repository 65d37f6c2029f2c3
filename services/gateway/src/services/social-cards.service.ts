import { type SocialCardFormat, WEB_PAGES } from '@app/contracts';
import { matchWebPage } from '@app/rules';
import { LRUCache } from 'lru-cache';
import { pageCard } from '../lib/page-head.ts';
import { renderSocialCard, socialCardVersion, socialCardWebp } from '../lib/social-card.ts';
import type { ServiceContext } from './context.ts';
import type { createWebPagesService } from './web-pages.service.ts';

/** Reads no repository of its own: the page's row comes from the web pages service. */
export const SOCIAL_CARDS_REPOS = [] as const;

/** Drawn cards kept in this process, by version (a card is 60–250 kB). */
const CACHE_BYTES = 24 * 1024 * 1024;

export type SocialCardAnswer = {
  /** The card's current version: its ETag, and the `v` its page's head links to. */
  version: string;
  /** The picture in that format, drawn on first request and kept. */
  image: (format: SocialCardFormat) => Promise<Buffer>;
};

/**
 * The link-preview card of each public page (lib/social-card.ts): the words its head has, drawn once
 * per version. Only a page that is served with a 200 and open to crawlers has one.
 */
export function createSocialCardsService(
  ctx: ServiceContext<(typeof SOCIAL_CARDS_REPOS)[number]>,
  services: { webPages: ReturnType<typeof createWebPagesService> },
) {
  const drawn = new LRUCache<string, Buffer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (image) => image.length,
  });
  const drawing = new Map<string, Promise<Buffer>>();

  /** `make`'s picture under `key`, made once however many ask at a time, and kept. */
  function kept(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const image = drawn.get(key);
    if (image) return Promise.resolve(image);
    let pending = drawing.get(key);
    if (!pending) {
      pending = make()
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
