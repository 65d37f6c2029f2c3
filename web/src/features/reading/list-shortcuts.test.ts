import { describe, expect, it } from 'vitest';
import { describeTarget, type ElementLike, type KeyPress, movedIndex, shortcutFor } from './list-shortcuts';

const onPage = { isEditable: false, isInOverlay: false, isCard: false };
const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: onPage,
  ...extra,
});

/** A stand-in element: its tag, attributes, and whether it sits inside an element matching `inside`. */
function element(tagName: string, attributes: Record<string, string> = {}, inside?: string): ElementLike {
  return {
    tagName,
    isContentEditable: attributes.contenteditable === 'true',
    getAttribute: (name) => attributes[name] ?? null,
    closest: (selectors) => (inside && selectors.includes(inside) ? {} : null),
  };
}

describe('shortcutFor', () => {
  it('maps the list keys to their actions', () => {
    expect(['j', 'k', 'o', 'f', 'm', '/', '?'].map((key) => shortcutFor(press(key)))).toEqual([
      'next',
      'previous',
      'open',
      'favorite',
      'toggleRead',
      'search',
      'help',
    ]);
    expect(shortcutFor(press('x'))).toBeNull();
    expect(shortcutFor(press('constructor'))).toBeNull();
  });

  it('never fires while the reader types in a field', () => {
    for (const field of [
      element('INPUT'),
      element('input', { type: 'search' }),
      element('TEXTAREA'),
      element('SELECT'),
      element('DIV', { contenteditable: 'true' }),
    ]) {
      for (const key of ['j', 'k', 'o', 'f', 'm', '/', '?', 'Enter'])
        expect(
          shortcutFor(press(key, { target: describeTarget(field) })),
          `${key} in ${field.tagName}`,
        ).toBeNull();
    }
  });

  it('still works from a switch or a radio button (they take no typing)', () => {
    expect(shortcutFor(press('j', { target: describeTarget(element('INPUT', { type: 'checkbox' })) }))).toBe(
      'next',
    );
    expect(shortcutFor(press('m', { target: describeTarget(element('INPUT', { type: 'radio' })) }))).toBe(
      'toggleRead',
    );
  });

  it('leaves Ctrl, Alt and Meta combinations, and an input method’s composing, to others', () => {
    expect(shortcutFor(press('f', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('k', { metaKey: true }))).toBeNull();
    expect(shortcutFor(press('j', { altKey: true }))).toBeNull();
    expect(shortcutFor(press('j', { isComposing: true }))).toBeNull();
    expect(shortcutFor(press('j', { defaultPrevented: true }))).toBeNull();
    // Shift alone is how "?" is typed; a capital J is no shortcut.
    expect(shortcutFor(press('?'))).toBe('help');
    expect(shortcutFor(press('J'))).toBeNull();
  });

  it('leaves dialogs and menus their own keys', () => {
    const inDialog = describeTarget(element('BUTTON', {}, '[role="dialog"]'));
    const inMenu = describeTarget(element('BUTTON', { role: 'menuitem' }, '[role="menu"]'));
    expect(shortcutFor(press('j', { target: inDialog }))).toBeNull();
    expect(shortcutFor(press('?', { target: inMenu }))).toBeNull();
  });

  it('opens with Enter only on the card itself (on its buttons Enter presses the button)', () => {
    const card = describeTarget(element('DIV', { 'data-summary-id': 'a' }));
    expect(card.isCard).toBe(true);
    expect(shortcutFor(press('Enter', { target: card }))).toBe('open');
    expect(shortcutFor(press('Enter', { target: describeTarget(element('BUTTON')) }))).toBeNull();
    expect(shortcutFor(press('Enter'))).toBeNull();
  });
});

describe('movedIndex', () => {
  it('starts at the first card and stops at either end', () => {
    expect(movedIndex(-1, 3, 'next')).toBe(0);
    expect(movedIndex(-1, 3, 'previous')).toBe(0);
    expect(movedIndex(0, 3, 'next')).toBe(1);
    expect(movedIndex(2, 3, 'next')).toBe(2);
    expect(movedIndex(0, 3, 'previous')).toBe(0);
    expect(movedIndex(-1, 0, 'next')).toBe(-1);
  });
});
