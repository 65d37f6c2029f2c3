import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { DEBUG_MESSAGES } from '../content-messages';
import { Badge, Container, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../ui/use-document-title';

// Debug screens (spec 2 §2 "Debug screens"): real calls to the gateway, each timed.

export type Status = 'pending' | 'pass' | 'error';
export type Check = { name: string; status: Status; message: string; ms: number | null; data?: unknown };
const TIMEOUT_MS = 5000;

export async function timed(
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

export function StatusBadge({ status }: { status: Status }) {
  const { t } = useLingui();
  const color = status === 'pass' ? 'green' : status === 'error' ? 'red' : 'gray';
  return (
    <Badge color={color} data-testid="check-status">
      {t(DEBUG_MESSAGES[status])}
    </Badge>
  );
}

export function ChecksTable({ checks }: { checks: Check[] }) {
  const { t } = useLingui();
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
            <Table.Td>
              {c.ms === null ? '' : t({ id: 'content.debug.duration', message: `${ph({ ms: c.ms })} ms` })}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function Shell({ title, children }: { title: string; children: ReactNode }) {
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
