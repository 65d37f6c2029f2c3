import { useEffect, useRef } from 'react';
import { CARD_ATTRIBUTE } from './list-shortcuts';

/** Cards scrolled past within this long are marked read together (one request). */
const BATCH_MS = 1000;

/**
 * While `enabled`, a summary card that was on screen and then left it through the top (the reader
 * scrolled past it) is handed to `onPassed` by its id, in batches. Cards added later (another page,
 * other filters) are watched too; a card never seen (the page opened further down) is not passed.
 */
export function useMarkReadOnScroll(enabled: boolean, onPassed: (summaryIds: string[]) => void) {
  const latest = useRef(onPassed);
  useEffect(() => {
    latest.current = onPassed;
  });

  useEffect(() => {
    if (!enabled || typeof IntersectionObserver === 'undefined') return;
    const seen = new WeakSet<Element>();
    const passed = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      if (passed.size === 0) return;
      const ids = [...passed];
      passed.clear();
      latest.current(ids);
    };
    const cards = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          seen.add(entry.target);
          continue;
        }
        const top = entry.rootBounds?.top ?? 0;
        const id = entry.target.getAttribute(CARD_ATTRIBUTE);
        if (!id || !seen.has(entry.target) || entry.boundingClientRect.bottom > top) continue;
        seen.delete(entry.target);
        passed.add(id);
        timer ??= setTimeout(flush, BATCH_MS);
      }
    });
    const watched = new WeakSet<Element>();
    let frame: number | undefined;
    const watchCards = () => {
      frame = undefined;
      for (const card of document.querySelectorAll(`[${CARD_ATTRIBUTE}]`)) {
        if (watched.has(card)) continue;
        watched.add(card);
        cards.observe(card);
      }
    };
    watchCards();
    // Looked for once per frame at most, however many nodes a render adds.
    const added = new MutationObserver(() => {
      frame ??= requestAnimationFrame(watchCards);
    });
    added.observe(document.body, { childList: true, subtree: true });
    return () => {
      cards.disconnect();
      added.disconnect();
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
      flush();
    };
  }, [enabled]);
}
