import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '../../i18n/language-provider';
import { ph, plural } from '@lingui/core/macro';
import type { GenerationQuota, GenerationUsage } from '@app/contracts';
import { toLocale } from '@app/rules';
import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { generationQuotaQueryOptions } from './generation-api';

/** What one generation used: model calls, tokens, cost and models; or that it needed no model. */
export function UsageLine({ usage }: { usage: GenerationUsage | null | undefined }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  if (!usage || usage.calls === 0) return null;
  const locale = toLocale(language);
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  if (usage.offline_calls === usage.calls) {
    return (
      <Text size="xs" c="dimmed" data-testid="generation-usage">
        {t({
          id: 'generation.usage.offline',
          message: plural(ph({ count: usage.calls }), {
            one: `Made without a model (template copy, # call, no cost)`,
            other: `Made without a model (template copy, # calls, no cost)`,
          }),
        })}
      </Text>
    );
  }
  const cost =
    usage.cost_usd === null
      ? t({ id: 'generation.usage.costUnknown', message: 'cost unknown' })
      : new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'USD',
          maximumFractionDigits: 4,
        }).format(usage.cost_usd);
  return (
    <Text size="xs" c="dimmed" data-testid="generation-usage">
      {t({
        id: 'generation.usage.line',
        message: plural(ph({ count: usage.calls }), {
          one: `Used # model call · ${ph({ tokens: number(usage.input_tokens + usage.output_tokens) })} tokens · ${cost} · ${ph({ models: usage.models.join(', ') })}`,
          other: `Used # model calls · ${ph({ tokens: number(usage.input_tokens + usage.output_tokens) })} tokens · ${cost} · ${ph({ models: usage.models.join(', ') })}`,
        }),
      })}
    </Text>
  );
}

/** "used / left" of a Pro user's monthly generations; nothing for admins (no quota). */
export function QuotaBadge({ phase }: { phase: string }) {
  const { t } = useLingui();
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
      {t({
        id: 'generation.quota',
        message: `This month: ${ph({ used: value.used })} / ${ph({ limit: value.limit })} generations used, ${ph({ left: value.left })} left`,
      })}
    </Badge>
  );
}
