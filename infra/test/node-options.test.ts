import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SERVICE_MALLOC_ARENA_MAX,
  SERVICE_NODE_OPTIONS,
  serviceEnv,
  serviceNodeOptions,
} from '../build/node-options.ts';

// The Node options the services are measured with (bench, pnpm start) are the ones their images run.

const dockerfile = readFileSync(path.resolve(import.meta.dirname, '../docker/Dockerfile'), 'utf8');

/** Each stage's name and its text, in order. */
function stages(text: string): { name: string; body: string }[] {
  return text
    .split(/^FROM /m)
    .slice(1)
    .map((body) => ({ name: /\sAS\s+(\S+)/i.exec(body.split('\n')[0]!)?.[1] ?? '', body }));
}

describe('service Node options', () => {
  it('are set in every runtime stage of the Dockerfile that services start from', () => {
    const runtimes = stages(dockerfile).filter((stage) => /^runtime/.test(stage.name));
    expect(runtimes.map((stage) => stage.name)).toEqual(['runtime', 'runtime-speech']);
    for (const stage of runtimes) {
      expect(stage.body, stage.name).toMatch(new RegExp(`NODE_OPTIONS=${SERVICE_NODE_OPTIONS}(\\s|$)`));
      expect(stage.body, stage.name).toMatch(
        new RegExp(`MALLOC_ARENA_MAX=${SERVICE_MALLOC_ARENA_MAX}(\\s|$)`),
      );
    }
  });

  it('keep an operator’s own options first', () => {
    expect(serviceNodeOptions(undefined)).toBe(SERVICE_NODE_OPTIONS);
    expect(serviceNodeOptions(' --enable-source-maps ')).toBe(`--enable-source-maps ${SERVICE_NODE_OPTIONS}`);
    expect(serviceEnv({})).toEqual({ NODE_OPTIONS: SERVICE_NODE_OPTIONS, MALLOC_ARENA_MAX: '2' });
    expect(serviceEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });
});
