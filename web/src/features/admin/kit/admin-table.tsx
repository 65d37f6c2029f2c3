import { Group, Loader, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ScrollRegion } from '../../ui/scroll-region';
import { LoadError } from './admin-shared';

/**
 * A tab's loading and error states around its data: the server's message with a retry, a spinner
 * (named by `loadingLabel`), then `children` with the data.
 */
export function AdminQueryState<T>({
  query,
  errorTestId,
  loadingLabel,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isError' | 'isPending' | 'error' | 'data' | 'refetch'>;
  errorTestId?: string;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} testId={errorTestId} />;
  }
  if (query.isPending || query.data === undefined) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={loadingLabel} />
      </Group>
    );
  }
  return <>{children(query.data)}</>;
}

/** The text a tab shows when there is nothing to list. */
export function AdminEmpty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl" data-testid={testId}>
      {children}
    </Text>
  );
}

/**
 * A striped table that scrolls sideways on narrow screens; keyboard users can scroll it too (the
 * scrolling region is focusable and named by `label`). `empty` shows instead when there are no rows.
 */
export function AdminTable({
  label,
  minWidth,
  columns,
  empty,
  emptyTestId,
  children,
}: {
  label: string;
  minWidth: number;
  columns: ReactNode[];
  /** Shown instead of the table (see AdminEmpty); null when there are rows. */
  empty?: ReactNode;
  emptyTestId?: string;
  children: ReactNode;
}) {
  if (empty) return <AdminEmpty testId={emptyTestId}>{empty}</AdminEmpty>;
  return (
    <ScrollRegion label={label}>
      <Table striped miw={minWidth} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
              <Table.Th key={i}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
