import type { MessageDescriptor } from '@lingui/core';

/** A screen's Lingui `t` (`useLingui()`), as helpers that turn values into words take it. */
export type LinguiT = (descriptor: MessageDescriptor) => string;

/**
 * The message a value names in a `msg` map (a status, a reason, an engine…), read with a screen's Lingui
 * `t`: `t(messageFor(STATES, row.state))`. A value the map does not name (a state the server added since)
 * shows as it is, never as an error.
 */
export function messageFor(
  map: Readonly<Record<string, MessageDescriptor>>,
  value: string,
): MessageDescriptor {
  // An id no catalog has (a bare 'toString' would find the catalog object's own method).
  return Object.hasOwn(map, value) ? map[value]! : { id: `unnamed:${value}`, message: value };
}

/**
 * The message of an id the code puts together from a value (`shared.topics.${slug}`), read with a screen's
 * Lingui `t`: `t(messageById(id))`. Each such id is declared with `msg` elsewhere, where extraction finds it.
 */
export const messageById = (id: string): MessageDescriptor => ({ id });
