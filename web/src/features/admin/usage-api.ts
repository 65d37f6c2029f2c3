import type { UsageResponse } from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

export type { UsageResponse };

const DAY_MS = 86_400_000;

/** The last `days` UTC days up to today, as GET /api/admin/usage takes them. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(to) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

export const adminUsageQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['admin', 'usage', range.from, range.to],
    queryFn: ({ signal }) =>
      api.get('/api/admin/usage', { query: { from: range.from, to: range.to }, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
