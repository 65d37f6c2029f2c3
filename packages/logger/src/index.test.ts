import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './index.ts';

describe('createLogger', () => {
  it('redacts secrets', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger('test', { destination, level: 'info' });
    log.info(
      { req: { headers: { authorization: 'Bearer abc' } }, body: { password: 'hunter22' }, token: 't' },
      'hi',
    );
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line.service).toBe('test');
    expect(line.req.headers.authorization).toBe('[redacted]');
    expect(line.body.password).toBe('[redacted]');
    expect(line.token).toBe('[redacted]');
  });
});
