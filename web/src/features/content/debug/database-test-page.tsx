import { useLingui } from '@lingui/react/macro';
import { Button, Code, Paper, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import * as probe from './debug-api';
import { type Check, ChecksTable, Shell, timed } from './debug-checks';

const names = ['connection', 'topics', 'datasources', 'summaries', 'concurrent'];

/** /database-test: five checks in sequence with durations, environment info and a retest button. */
export function DatabaseTestPage() {
  const { t } = useLingui();
  const [checks, setChecks] = useState<Check[]>(
    names.map((name) => ({ name, status: 'pending', message: '', ms: null })),
  );
  const run = useCallback(async () => {
    setChecks(names.map((name) => ({ name, status: 'pending', message: '', ms: null })));
    const steps: [string, (s: AbortSignal) => Promise<{ message: string }>][] = [
      ['connection', async (signal) => ({ message: JSON.stringify(await probe.readiness(signal)) })],
      [
        'topics',
        async (signal) => ({
          message: `${(await probe.topics(signal)).data.length} rows`,
        }),
      ],
      [
        'datasources',
        async (signal) => ({
          message: `${(await probe.datasources(undefined, signal)).data.length} rows`,
        }),
      ],
      [
        'summaries',
        async (signal) => ({
          message: `${(await probe.summaries(undefined, signal)).total} rows`,
        }),
      ],
      [
        'concurrent',
        async (signal) => {
          const all = await Promise.all([
            probe.topics(signal),
            probe.datasources(undefined, signal),
            probe.summaries(undefined, signal),
          ]);
          return { message: `${all.length} queries` };
        },
      ],
    ];
    const done: Check[] = [];
    for (const [name, step] of steps) {
      done.push(await timed(name, step));
      setChecks([
        ...done,
        ...names
          .slice(done.length)
          .map((n) => ({ name: n, status: 'pending' as const, message: '', ms: null })),
      ]);
    }
  }, []);
  useEffect(() => {
    void run();
  }, [run]);
  return (
    <Shell title="Database performance test">
      <ChecksTable checks={checks} />
      <Paper withBorder p="sm">
        <Text fw={600}>{t({ id: 'content.debug.environment', message: 'Environment' })}</Text>
        <Code block tabIndex={0}>
          {JSON.stringify(
            {
              origin: window.location.origin,
              userAgent: navigator.userAgent,
              language: navigator.language,
              mode: import.meta.env.MODE,
            },
            null,
            2,
          )}
        </Code>
      </Paper>
      <Button onClick={() => void run()} w="fit-content" data-testid="retest">
        {t({ id: 'content.debug.retest', message: 'Retest' })}
      </Button>
    </Shell>
  );
}
