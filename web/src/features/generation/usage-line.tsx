import type { GenerationQuota, GenerationUsage } from '@app/contracts';
import { toLocale } from '@app/rules';
import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { generationQuotaQueryOptions } from './generation-api';

/** What one generation used: model calls, tokens, cost and models; or that it needed no model. */
export function UsageLine({ usage }: { usage: GenerationUsage | null | undefined }) {
  const { t, i18n } = useTranslation('generation');
  if (!usage || usage.calls === 0) return null;
  const locale = toLocale(i18n.language.startsWith('zh') ? 'zh' : 'en');
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  if (usage.offline_calls === usage.calls) {
    return (
      <Text size="xs" c="dimmed" data-testid="generation-usage">
        {t('usage.offline', { count: usage.calls })}
      </Text>
    );
  }
  const cost =
    usage.cost_usd === null
      ? t('usage.costUnknown')
      : new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'USD',
          maximumFractionDigits: 4,
        }).format(usage.cost_usd);
  return (
    <Text size="xs" c="dimmed" data-testid="generation-usage">
      {t('usage.line', {
        count: usage.calls,
        tokens: number(usage.input_tokens + usage.output_tokens),
        cost,
        models: usage.models.join(', '),
      })}
    </Text>
  );
}

/** "used / left" of a Pro user's monthly generations; nothing for admins (no quota). */
export function QuotaBadge({ phase }: { phase: string }) {
  const { t } = useTranslation('generation');
  const quota = useQuery(generationQuotaQueryOptions());
  const { refetch } = quota;
  // A submitted or finished task changes the count.
  useEffect(() => {
    if (phase !== 'submitting') void refetch();
  }, [phase, refetch]);
  const value: GenerationQuota | undefined = quota.data;
  if (!value) return null;
  return (
    <Badge
      variant="light"
      color={value.left === 0 ? 'red' : 'brand'}
      size="lg"
      tt="none"
      data-testid="generation-quota"
    >
      {t('quota', { used: value.used, limit: value.limit, left: value.left })}
    </Badge>
  );
}
