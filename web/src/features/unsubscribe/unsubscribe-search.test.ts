import { expect, it } from 'vitest';
import { validateUnsubscribeSearch } from './unsubscribe-search';

it('reads token, topic and action, defaulting to unsubscribe', () => {
  expect(validateUnsubscribeSearch({ token: ' abc ', topic: 't1' })).toEqual({
    token: 'abc',
    topic: 't1',
    action: undefined,
    confirmed: undefined,
  });
  expect(validateUnsubscribeSearch({ token: 'abc', action: 'view', confirmed: 1 })).toMatchObject({
    action: 'view',
    confirmed: true,
  });
  expect(validateUnsubscribeSearch({ token: '', action: 'delete' })).toEqual({
    token: undefined,
    topic: undefined,
    action: undefined,
    confirmed: undefined,
  });
});
