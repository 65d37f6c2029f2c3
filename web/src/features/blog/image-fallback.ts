import { type RefObject, useLayoutEffect } from 'react';

/**
 * What a post shows where an image could not be loaded: a plain grey panel with a faint picture mark,
 * never the browser's broken-image icon.
 */
export const NEUTRAL_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320"><rect width="640" height="320" fill="#e9ecef"/><g fill="none" stroke="#adb5bd" stroke-width="6" stroke-linejoin="round"><rect x="280" y="124" width="80" height="64" rx="6"/><path d="M286 182l22-24 16 16 12-10 18 18"/></g><circle cx="340" cy="142" r="6" fill="#adb5bd"/></svg>',
)}`;

function replaceBroken(image: HTMLImageElement): void {
  if (image.dataset.fallback) return;
  image.dataset.fallback = 'true';
  image.removeAttribute('srcset');
  image.src = NEUTRAL_IMAGE;
}

/**
 * Puts NEUTRAL_IMAGE in place of every image in `container` that fails to load (post HTML from the
 * server, where no component owns the images): images that failed already, and any that fail later
 * (lazy ones load as they come near). `content` is what the container shows: a new post is checked anew.
 */
export function useImageFallback(container: RefObject<HTMLElement | null>, content: unknown): void {
  useLayoutEffect(() => {
    void content;
    const root = container.current;
    if (!root) return;
    for (const image of root.querySelectorAll('img')) {
      if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) replaceBroken(image);
    }
    // Error events do not bubble: caught on their way down.
    const onError = (event: Event) => {
      if (event.target instanceof HTMLImageElement) replaceBroken(event.target);
    };
    root.addEventListener('error', onError, true);
    return () => root.removeEventListener('error', onError, true);
  }, [container, content]);
}
