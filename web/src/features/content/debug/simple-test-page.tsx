import { Code } from '@mantine/core';
import { useEffect, useState } from 'react';
import * as probe from './debug-api';
import { type Check, ChecksTable, Shell, timed } from './debug-checks';

/** /simple-test: one topic row (id, name) with status, error and data. */
export function SimpleTestPage() {
  const [check, setCheck] = useState<Check>({ name: 'topics', status: 'pending', message: '', ms: null });
  useEffect(() => {
    void timed('select one topic', async (signal) => {
      const { data } = await probe.topics(signal);
      const row = data[0] ? { id: data[0].id, name: data[0].name } : null;
      return { message: row ? 'ok' : 'no rows', data: row };
    }).then(setCheck);
  }, []);
  return (
    <Shell title="Connection test">
      <ChecksTable checks={[check]} />
      <Code block tabIndex={0}>
        {JSON.stringify(
          {
            status: check.status,
            error: check.status === 'error' ? check.message : null,
            data: check.data ?? null,
          },
          null,
          2,
        )}
      </Code>
    </Shell>
  );
}
