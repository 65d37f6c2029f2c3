import { useLingui } from '@lingui/react/macro';
import { Button, Code, Group, Text } from '@mantine/core';
import { useState } from 'react';
import * as probe from './debug-api';
import { useAuth } from '../../auth/auth-provider';
import { Shell, timed } from './debug-checks';

/** /auth-test: auth checks with logs; each query gives up after 5 s. */
export function AuthTestPage() {
  const { t } = useLingui();
  const auth = useAuth();
  const [logs, setLogs] = useState<string[]>([]);
  const log = (line: string) => setLogs((l) => [...l, `${new Date().toISOString().slice(11, 23)} ${line}`]);
  const run = async (name: string, fn: (s: AbortSignal) => Promise<{ message: string }>) => {
    const c = await timed(name, fn);
    log(`${name}: ${c.status} (${c.ms} ms) ${c.message}`);
  };
  return (
    <Shell title="Auth debug">
      <Group>
        <Button
          variant="default"
          onClick={() =>
            void run('reset auth', async () => ({
              message: String(await auth.refreshSession().then((s) => Boolean(s))),
            }))
          }
        >
          Reset auth
        </Button>
        <Button
          variant="default"
          onClick={() =>
            void run('test config', async () => ({
              message: JSON.stringify({
                origin: window.location.origin,
                authenticated: auth.isAuthenticated,
              }),
            }))
          }
        >
          Test config
        </Button>
        <Button
          variant="default"
          onClick={() =>
            void run('connection', async (signal) => ({
              message: JSON.stringify(await probe.health(signal)),
            }))
          }
        >
          Connection
        </Button>
        <Button
          variant="default"
          onClick={() =>
            void run('direct query', async (signal) => ({
              message: `${(await probe.topics(signal)).data.length} topics`,
            }))
          }
        >
          Direct query
        </Button>
        <Button
          variant="default"
          onClick={() =>
            void run('profile fetch', async (signal) => ({
              message: JSON.stringify(await probe.me(signal)),
            }))
          }
        >
          Profile fetch
        </Button>
      </Group>
      <Text size="sm">
        user: {auth.user?.email ?? '—'} · role: {auth.profile?.role ?? '—'} · plan:{' '}
        {auth.profile?.subscription_type ?? '—'}
      </Text>
      <Text fw={600}>{t({ id: 'content.debug.logs', message: 'Logs' })}</Text>
      <Code block tabIndex={0} data-testid="auth-logs">
        {logs.join('\n') || '—'}
      </Code>
    </Shell>
  );
}
