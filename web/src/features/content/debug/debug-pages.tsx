import { Badge, Button, Code, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { DatasourceDto, SummaryListResponse, TopicDto } from '../../../queries/content';
import { useAuth } from '../../auth/auth-provider';
import { useDocumentTitle } from '../../ui/use-document-title';

// Debug screens (spec 2 §2 "Debug screens"): real calls to the gateway, each timed.

type Status = 'pending' | 'pass' | 'error';
type Check = { name: string; status: Status; message: string; ms: number | null; data?: unknown };
const TIMEOUT_MS = 5000;

async function timed(
  name: string,
  run: (signal: AbortSignal) => Promise<{ message: string; data?: unknown }>,
): Promise<Check> {
  const t0 = performance.now();
  try {
    const { message, data } = await run(AbortSignal.timeout(TIMEOUT_MS));
    return { name, status: 'pass', message, ms: Math.round(performance.now() - t0), data };
  } catch (error) {
    return {
      name,
      status: 'error',
      message: (error as Error).message,
      ms: Math.round(performance.now() - t0),
    };
  }
}

function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation('content');
  const color = status === 'pass' ? 'green' : status === 'error' ? 'red' : 'gray';
  return (
    <Badge color={color} data-testid="check-status">
      {t(`debug.${status}`)}
    </Badge>
  );
}

function ChecksTable({ checks }: { checks: Check[] }) {
  const { t } = useTranslation('content');
  return (
    <Table withTableBorder data-testid="debug-checks">
      <Table.Tbody>
        {checks.map((c) => (
          <Table.Tr key={c.name}>
            <Table.Td>{c.name}</Table.Td>
            <Table.Td>
              <StatusBadge status={c.status} />
            </Table.Td>
            <Table.Td>{c.message}</Table.Td>
            <Table.Td>{c.ms === null ? '' : t('debug.duration', { ms: c.ms })}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1} fz={28}>
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

const names = ['connection', 'topics', 'datasources', 'summaries', 'concurrent'];

/** /database-test: five checks in sequence with durations, environment info and a retest button. */
export function DatabaseTestPage() {
  const { t } = useTranslation('content');
  const [checks, setChecks] = useState<Check[]>(
    names.map((name) => ({ name, status: 'pending', message: '', ms: null })),
  );
  const run = useCallback(async () => {
    setChecks(names.map((name) => ({ name, status: 'pending', message: '', ms: null })));
    const steps: [string, (s: AbortSignal) => Promise<{ message: string }>][] = [
      ['connection', async (signal) => ({ message: JSON.stringify(await api.get('/readyz', { signal })) })],
      [
        'topics',
        async (signal) => ({
          message: `${(await api.get<{ data: unknown[] }>('/api/topics', { signal })).data.length} rows`,
        }),
      ],
      [
        'datasources',
        async (signal) => ({
          message: `${(await api.get<{ data: unknown[] }>('/api/datasources', { signal })).data.length} rows`,
        }),
      ],
      [
        'summaries',
        async (signal) => ({
          message: `${(await api.get<SummaryListResponse>('/api/summaries', { signal })).total} rows`,
        }),
      ],
      [
        'concurrent',
        async (signal) => {
          const all = await Promise.all([
            api.get('/api/topics', { signal }),
            api.get('/api/datasources', { signal }),
            api.get('/api/summaries', { signal }),
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
        <Text fw={600}>{t('debug.environment')}</Text>
        <Code block>
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
        {t('debug.retest')}
      </Button>
    </Shell>
  );
}

/** /data-test: topics, data sources and posts (always empty here), with their raw JSON. */
export function DataTestPage() {
  const { t } = useTranslation('content');
  const [state, setState] = useState<{
    topics: TopicDto[];
    datasources: DatasourceDto[];
    error?: string;
  } | null>(null);
  useEffect(() => {
    Promise.all([
      api.get<{ data: TopicDto[] }>('/api/topics'),
      api.get<{ data: DatasourceDto[] }>('/api/datasources'),
    ])
      .then(([topics, datasources]) => setState({ topics: topics.data, datasources: datasources.data }))
      .catch((error: Error) => setState({ topics: [], datasources: [], error: error.message }));
  }, []);
  return (
    <Shell title="Database test">
      {!state ? <StatusBadge status="pending" /> : state.error ? <Text c="red">{state.error}</Text> : null}
      <Title order={2} fz="lg">
        topics ({state?.topics.length ?? 0})
      </Title>
      {state?.topics.map((topic) => (
        <Text key={topic.id} size="sm">
          {topic.name} — {topic.description.slice(0, 80)} — {String(topic.is_active)}
        </Text>
      ))}
      <Title order={2} fz="lg">
        datasources ({state?.datasources.length ?? 0})
      </Title>
      {state?.datasources.map((d) => (
        <Text key={d.id} size="sm">
          {d.source_name} — {d.platform} — {String(d.is_active)}
        </Text>
      ))}
      <Title order={2} fz="lg">
        posts (0)
      </Title>
      <Text fw={600}>{t('debug.rawJson')}</Text>
      <Code block mah={300} style={{ overflow: 'auto' }}>
        {JSON.stringify(
          { topics: state?.topics ?? [], datasources: state?.datasources ?? [], posts: [] },
          null,
          2,
        )}
      </Code>
    </Shell>
  );
}

/** /simple-test: one topic row (id, name) with status, error and data. */
export function SimpleTestPage() {
  const [check, setCheck] = useState<Check>({ name: 'topics', status: 'pending', message: '', ms: null });
  useEffect(() => {
    void timed('select one topic', async (signal) => {
      const { data } = await api.get<{ data: TopicDto[] }>('/api/topics', { signal });
      const row = data[0] ? { id: data[0].id, name: data[0].name } : null;
      return { message: row ? 'ok' : 'no rows', data: row };
    }).then(setCheck);
  }, []);
  return (
    <Shell title="Connection test">
      <ChecksTable checks={[check]} />
      <Code block>
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

/** /language-filter-test: per language, every summary returned must be in that language. */
export function LanguageFilterTestPage() {
  const { t } = useTranslation('content');
  const [language, setLanguage] = useState<'en' | 'zh'>('en');
  const [result, setResult] = useState<
    { expected: number; actual: number; ms: number } | { error: string } | null
  >(null);
  useEffect(() => {
    setResult(null);
    const t0 = performance.now();
    api
      .get<SummaryListResponse>('/api/summaries', { query: { language, page_size: 100 } })
      .then((r) =>
        setResult({
          expected: r.data.length,
          actual: r.data.filter((s) => s.language === language.toUpperCase()).length,
          ms: Math.round(performance.now() - t0),
        }),
      )
      .catch((error: Error) => setResult({ error: error.message }));
  }, [language]);
  const rate =
    result && 'expected' in result
      ? result.expected
        ? Math.round((result.actual / result.expected) * 100)
        : 100
      : null;
  return (
    <Shell title="Language filter test">
      <Group>
        <Button variant={language === 'en' ? 'filled' : 'default'} onClick={() => setLanguage('en')}>
          English
        </Button>
        <Button variant={language === 'zh' ? 'filled' : 'default'} onClick={() => setLanguage('zh')}>
          中文
        </Button>
      </Group>
      {!result ? (
        <StatusBadge status="pending" />
      ) : 'error' in result ? (
        <Text c="red">{result.error}</Text>
      ) : (
        <Stack gap={4} data-testid="language-result">
          <StatusBadge status={rate === 100 ? 'pass' : 'error'} />
          <Text>{t('debug.passRate', { rate })}</Text>
          <Text>
            {t('debug.expected')}: {result.expected} · {t('debug.actual')}: {result.actual} ·{' '}
            {t('debug.duration', { ms: result.ms })}
          </Text>
        </Stack>
      )}
    </Shell>
  );
}

/** /auth-test: auth checks with logs; each query gives up after 5 s. */
export function AuthTestPage() {
  const { t } = useTranslation('content');
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
              message: JSON.stringify(await api.get('/healthz', { signal })),
            }))
          }
        >
          Connection
        </Button>
        <Button
          variant="default"
          onClick={() =>
            void run('direct query', async (signal) => ({
              message: `${(await api.get<{ data: unknown[] }>('/api/topics', { signal })).data.length} topics`,
            }))
          }
        >
          Direct query
        </Button>
        <Button
          variant="default"
          onClick={() =>
            void run('profile fetch', async (signal) => ({
              message: JSON.stringify(await api.get('/api/me', { signal })),
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
      <Text fw={600}>{t('debug.logs')}</Text>
      <Code block data-testid="auth-logs">
        {logs.join('\n') || '—'}
      </Code>
    </Shell>
  );
}
