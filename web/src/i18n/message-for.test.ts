import { I18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messageFor } from './message-for';

describe('messageFor', () => {
  const states = { queued: { id: 'test.states.queued', message: 'Queued' } };
  const lingui = new I18n({ locale: 'zh', messages: { zh: { 'test.states.queued': ['排队中'] } } });

  it('gives the message a value names, in the active language', () => {
    expect(lingui._(messageFor(states, 'queued'))).toBe('排队中');
  });

  it('shows a value the map does not name as it is, and an inherited name is not a message', () => {
    expect(lingui._(messageFor(states, 'archived'))).toBe('archived');
    expect(lingui._(messageFor(states, 'toString'))).toBe('toString');
  });
});
