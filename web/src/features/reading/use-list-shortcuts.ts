import { useEffect, useRef } from 'react';
import { CARD_ATTRIBUTE, describeTarget, movedIndex, shortcutFor } from './list-shortcuts';

export type ShortcutHandlers = {
  favorite: (summaryId: string) => void;
  toggleRead: (summaryId: string) => void;
  search: () => void;
  help: () => void;
};

const cardSelector = `[${CARD_ATTRIBUTE}]`;
/** The card's own button that opens and closes it (summary-card.tsx), pressed by o and Enter. */
const toggleSelector = '[data-card-toggle]';

/**
 * The summary list's keys (list-shortcuts.ts) on the whole page while `enabled`. j and k move the
 * focus from card to card (each card is an article named by its title, so a screen reader says which
 * one); o and Enter press the card's own opening button (what a click does, marking it read), f and
 * m act on the card that has the focus, or holds it.
 */
export function useListShortcuts(handlers: ShortcutHandlers, enabled: boolean) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        isComposing: event.isComposing,
        defaultPrevented: event.defaultPrevented,
        target: describeTarget(target),
      });
      if (!action) return;
      const current = document.activeElement?.closest<HTMLElement>(cardSelector) ?? null;
      const currentId = current?.getAttribute(CARD_ATTRIBUTE) ?? null;
      const on = latest.current;
      if (action === 'next' || action === 'previous') {
        const cards = [...document.querySelectorAll<HTMLElement>(cardSelector)];
        const index = movedIndex(current ? cards.indexOf(current) : -1, cards.length, action);
        cards[index]?.focus();
      } else if (action === 'search') on.search();
      else if (action === 'help') on.help();
      else if (!current || !currentId) return;
      else if (action === 'open') current.querySelector<HTMLElement>(toggleSelector)?.click();
      else if (action === 'favorite') on.favorite(currentId);
      else on.toggleRead(currentId);
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
