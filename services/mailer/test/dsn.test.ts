import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseDeliveryReport } from '../src/bounces/parse-dsn.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/dsn/${name}`, import.meta.url));

it.each([
  [
    'postfix-550-user-unknown.eml',
    'gone-postfix@example.com',
    '5.1.1',
    /User unknown in virtual mailbox table/,
  ],
  ['exim-550-no-such-user.eml', 'gone-exim@example.org', '5.0.0', /550 5\.1\.1 .*No such user here/],
  ['gmail-550-nosuchuser.eml', 'gone.gmail@gmail.com', '5.1.1', /does not exist\. Please try/],
])('%s is a hard bounce of its recipient', async (name, recipient, status, diagnostic) => {
  const report = await parseDeliveryReport(fixture(name));
  expect(report?.recipients).toHaveLength(1);
  expect(report?.recipients[0]).toMatchObject({ recipient, action: 'failed', status, kind: 'hard' });
  // Folded continuation lines are joined and the `smtp;` type is dropped.
  expect(report?.recipients[0]?.diagnostic).toMatch(diagnostic);
  expect(report?.recipients[0]?.diagnostic).not.toMatch(/^smtp;|\n/);
});

it('reads the arrival date, else the report date', async () => {
  expect(
    (await parseDeliveryReport(fixture('postfix-550-user-unknown.eml')))?.reportedAt?.toISOString(),
  ).toBe('2026-11-20T08:01:10.000Z');
  expect((await parseDeliveryReport(fixture('exim-550-no-such-user.eml')))?.reportedAt?.toISOString()).toBe(
    '2026-11-20T08:02:40.000Z',
  );
});

it('a delay warning (4.x.x) and a failure after retries with a 4.x.x status are soft', async () => {
  const delayed = await parseDeliveryReport(fixture('postfix-452-mailbox-full-delayed.eml'));
  expect(delayed?.recipients[0]).toMatchObject({
    recipient: 'full-postfix@example.com',
    action: 'delayed',
    status: '4.2.2',
    kind: 'soft',
  });
  const expired = await parseDeliveryReport(fixture('exim-failed-447-timeout.eml'));
  expect(expired?.recipients[0]).toMatchObject({ action: 'failed', status: '4.4.7', kind: 'soft' });
});

it('mail that is not a delivery report is not one, whatever its text says', async () => {
  expect(await parseDeliveryReport(fixture('auto-reply-not-a-dsn.eml'))).toBeNull();
  expect(await parseDeliveryReport('not a message at all')).toBeNull();
});
