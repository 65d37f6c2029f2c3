// The summary list's keys (shown in the shortcuts dialog). The decisions are plain functions of the
// key press and of what has the focus, so the tests can walk every case without a browser.

export type ShortcutAction = 'next' | 'previous' | 'open' | 'favorite' | 'toggleRead' | 'search' | 'help';

const KEYS: Record<string, ShortcutAction> = {
  j: 'next',
  k: 'previous',
  o: 'open',
  f: 'favorite',
  m: 'toggleRead',
  '/': 'search',
  '?': 'help',
};

/** The shortcuts as the dialog lists them: keys (alternatives) and what they do. */
export const SHORTCUTS: { keys: string[]; action: ShortcutAction }[] = [
  { keys: ['j'], action: 'next' },
  { keys: ['k'], action: 'previous' },
  { keys: ['o', 'Enter'], action: 'open' },
  { keys: ['f'], action: 'favorite' },
  { keys: ['m'], action: 'toggleRead' },
  { keys: ['/'], action: 'search' },
  { keys: ['?'], action: 'help' },
];

export type KeyTarget = {
  /** Typing goes there: a text field, a select, an editable region. */
  isEditable: boolean;
  /** Inside a dialog or a menu, which have keys of their own. */
  isInOverlay: boolean;
  /** A card itself (Enter opens it; on the card's buttons, Enter presses them). */
  isCard: boolean;
};

export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** An input method is composing (Chinese, Japanese): its keys are text. */
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: KeyTarget;
};

/**
 * The action of a key press, or null: never while typing, in a dialog or menu, or with Ctrl, Alt or
 * Meta (the browser's and the screen reader's own keys). Shift is allowed: "?" is Shift and "/" on
 * most keyboards, while "J" (Shift and j) is no shortcut.
 */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.defaultPrevented || press.isComposing) return null;
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.target.isEditable || press.target.isInOverlay) return null;
  if (press.key === 'Enter') return press.target.isCard ? 'open' : null;
  return Object.hasOwn(KEYS, press.key) ? (KEYS[press.key] ?? null) : null;
}

/** The least of an element that describeTarget reads (a DOM Element, or a test's stand-in). */
export type ElementLike = {
  tagName: string;
  isContentEditable?: boolean;
  getAttribute(name: string): string | null;
  closest(selectors: string): unknown;
};

/** Inputs that take no typing: a key press on them may be a shortcut. */
const NOT_TYPED = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [aria-modal="true"]';
export const CARD_ATTRIBUTE = 'data-summary-id';

export function describeTarget(element: ElementLike | null): KeyTarget {
  if (!element) return { isEditable: false, isInOverlay: false, isCard: false };
  const tag = element.tagName.toUpperCase();
  const type = (element.getAttribute('type') ?? 'text').toLowerCase();
  return {
    isEditable:
      tag === 'TEXTAREA' ||
      tag === 'SELECT' ||
      element.isContentEditable === true ||
      (tag === 'INPUT' && !NOT_TYPED.has(type)),
    isInOverlay: element.closest(OVERLAY) !== null,
    isCard: element.getAttribute(CARD_ATTRIBUTE) !== null,
  };
}

/** Where j or k moves from card `current` (-1: none has the focus) among `count`: it stops at the ends. */
export function movedIndex(current: number, count: number, action: 'next' | 'previous'): number {
  if (count === 0) return -1;
  if (current < 0) return 0;
  return action === 'next' ? Math.min(current + 1, count - 1) : Math.max(current - 1, 0);
}
