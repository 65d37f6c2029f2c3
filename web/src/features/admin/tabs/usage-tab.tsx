import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../../i18n/message-for';
import { ph, plural } from '@lingui/core/macro';
import { USAGE_FEATURES_MESSAGES } from '../admin-messages';
import { toLocale } from '@app/rules';
import {
  Group,
  Center,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ScrollRegion } from '../../ui/scroll-region';
import { useLanguage } from '../../../i18n/language-provider';
import { LoadError, useTopicName } from '../kit/admin-shared';
import { adminUsageQuery, lastDays, type UsageResponse } from '../usage-api';

const RANGES = ['7', '30', '90'] as const;
/** Theme colours for the features, in order of cost. */
const SERIES_COLORS = ['brand.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'pink.6', 'lime.7', 'gray.6'];

type Figures = UsageResponse['totals'];

/** Model usage and cost from GET /api/admin/usage: per day (chart), feature, provider and topic. */
// The chart (recharts, its d3 modules) is fetched when a tab with calls to chart is shown.
const BarChart = lazy(() => import('./usage-chart'));

export function UsageTab() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const nameOfTopic = useTopicName();
  const [days, setDays] = useState<(typeof RANGES)[number]>('30');
  const range = useMemo(() => lastDays(Number(days)), [days]);
  const query = useQuery(adminUsageQuery(range));
  const locale = toLocale(language);
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const money = (value: number) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: value > 0 && value < 1 ? 4 : 2,
    }).format(value);
  // A cost with unpriced calls is a lower bound: say so rather than show a wrong figure.
  const cost = (f: Pick<Figures, 'cost_usd' | 'unpriced_calls' | 'calls'>) =>
    f.unpriced_calls === 0
      ? money(f.cost_usd)
      : f.unpriced_calls === f.calls
        ? t({ id: 'admin.usage.costUnknown', message: 'Unknown' })
        : t({
            id: 'admin.usage.costAtLeast',
            message: plural(ph({ count: f.unpriced_calls }), {
              one: `${ph({ cost: money(f.cost_usd) })} + # call of unknown cost`,
              other: `${ph({ cost: money(f.cost_usd) })} + # calls of unknown cost`,
            }),
          });

  if (query.isError) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} testId="usage-error" />;
  }
  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t({ id: 'admin.usage.loading', message: 'Loading usage' })} />
      </Group>
    );
  }
  const data = query.data;
  const features = data.features.map((f) => f.feature);
  const featureLabel = (feature: string) => t(messageFor(USAGE_FEATURES_MESSAGES, feature));
  const chartData = data.days.map((day) => ({
    date: day.date.slice(5),
    ...Object.fromEntries(features.map((f) => [featureLabel(f), day.cost_by_feature[f] ?? 0])),
  }));
  const figureColumns = (f: Figures) => (
    <>
      <Table.Td>{number(f.calls)}</Table.Td>
      <Table.Td>{number(f.offline_calls)}</Table.Td>
      <Table.Td>{number(f.failed_calls)}</Table.Td>
      <Table.Td>{number(f.input_tokens)}</Table.Td>
      <Table.Td>{number(f.output_tokens)}</Table.Td>
      <Table.Td>{number(f.characters)}</Table.Td>
      <Table.Td>{cost(f)}</Table.Td>
    </>
  );
  const figureHeads = (
    <>
      <Table.Th>{t({ id: 'admin.usage.columns.calls', message: 'Calls' })}</Table.Th>
      <Table.Th>{t({ id: 'admin.usage.columns.offline', message: 'Offline' })}</Table.Th>
      <Table.Th>{t({ id: 'admin.usage.columns.failed', message: 'Failed' })}</Table.Th>
      <Table.Th>{t({ id: 'admin.usage.columns.inputTokens', message: 'Input tokens' })}</Table.Th>
      <Table.Th>{t({ id: 'admin.usage.columns.outputTokens', message: 'Output tokens' })}</Table.Th>
      <Table.Th>{t({ id: 'admin.usage.columns.characters', message: 'Speech characters' })}</Table.Th>
      <Table.Th>{t({ id: 'admin.usage.columns.cost', message: 'Cost' })}</Table.Th>
    </>
  );
  const table = (label: string, first: string, rows: { key: string; name: string; f: Figures }[]) => (
    <ScrollRegion label={label}>
      <Table striped miw={760} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            {figureHeads}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.name}</Table.Td>
              {figureColumns(row.f)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );

  return (
    <Stack data-testid="usage-tab">
      <SegmentedControl
        value={days}
        onChange={(value) => setDays(value as typeof days)}
        data={RANGES.map((value) => ({
          value,
          label: t({
            id: 'admin.usage.lastDays',
            message: plural(ph({ count: Number(value) }), { one: `Last # day`, other: `Last # days` }),
          }),
        }))}
        style={{ alignSelf: 'flex-start' }}
        aria-label={t({ id: 'admin.usage.range', message: 'Period' })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {[
          {
            label: t({ id: 'admin.usage.totals.cost', message: 'Cost' }),
            value: cost(data.totals),
            testId: 'usage-total-cost',
          },
          {
            label: t({ id: 'admin.usage.totals.calls', message: 'Model calls' }),
            value: number(data.totals.calls),
            testId: 'usage-total-calls',
          },
          {
            label: t({ id: 'admin.usage.totals.tokens', message: 'Tokens' }),
            value: number(data.totals.input_tokens + data.totals.output_tokens),
            testId: 'usage-total-tokens',
          },
          {
            label: t({ id: 'admin.usage.totals.offline', message: 'Made without a model' }),
            value: number(data.totals.offline_calls),
            testId: 'usage-total-offline',
          },
        ].map((card) => (
          <Paper key={card.testId} withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              {card.label}
            </Text>
            <Text fw={700} size="xl" data-testid={card.testId}>
              {card.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {data.totals.calls === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="usage-empty">
          {t({ id: 'admin.usage.empty', message: 'No model calls in this period.' })}
        </Text>
      ) : (
        <>
          <Title order={3} size="h4">
            {t({ id: 'admin.usage.chartTitle', message: 'Cost per day and feature (USD)' })}
          </Title>
          <figure
            aria-label={t({ id: 'admin.usage.chartTitle', message: 'Cost per day and feature (USD)' })}
            style={{ margin: 0 }}
            data-testid="usage-chart"
          >
            <Suspense
              fallback={
                <Center h={280}>
                  <Loader />
                </Center>
              }
            >
              <BarChart
                h={280}
                data={chartData}
                dataKey="date"
                type="stacked"
                withLegend
                valueFormatter={(value) => money(value)}
                series={features.map((f, i) => ({
                  name: featureLabel(f),
                  color: SERIES_COLORS[i % SERIES_COLORS.length]!,
                }))}
              />
            </Suspense>
          </figure>
          <Title order={3} size="h4">
            {t({ id: 'admin.usage.byFeature', message: 'By feature' })}
          </Title>
          {table(
            t({ id: 'admin.usage.byFeature', message: 'By feature' }),
            t({ id: 'admin.usage.columns.feature', message: 'Feature' }),
            data.features.map((f) => ({ key: f.feature, name: featureLabel(f.feature), f })),
          )}
          <Title order={3} size="h4">
            {t({ id: 'admin.usage.byProvider', message: 'By provider' })}
          </Title>
          {table(
            t({ id: 'admin.usage.byProvider', message: 'By provider' }),
            t({ id: 'admin.usage.columns.provider', message: 'Provider' }),
            data.providers.map((f) => ({
              key: f.provider,
              name:
                f.provider === 'offline'
                  ? t({ id: 'admin.usage.offlineProvider', message: 'Offline (no model)' })
                  : f.provider,
              f,
            })),
          )}
          <Title order={3} size="h4">
            {t({ id: 'admin.usage.topTopics', message: 'The ten most expensive topics' })}
          </Title>
          {data.top_topics.length === 0 ? (
            <Text c="dimmed">
              {t({ id: 'admin.usage.noTopics', message: 'No calls were made for a topic in this period.' })}
            </Text>
          ) : (
            <Table striped verticalSpacing="xs" data-testid="usage-top-topics">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t({ id: 'admin.usage.columns.topic', message: 'Topic' })}</Table.Th>
                  <Table.Th>{t({ id: 'admin.usage.columns.calls', message: 'Calls' })}</Table.Th>
                  <Table.Th>{t({ id: 'admin.usage.columns.cost', message: 'Cost' })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.top_topics.map((topic) => (
                  <Table.Tr key={topic.topic_id}>
                    <Table.Td>
                      {topic.topic_name
                        ? nameOfTopic(topic.topic_id, topic.topic_name)
                        : t({ id: 'admin.usage.deletedTopic', message: '(deleted topic)' })}
                    </Table.Td>
                    <Table.Td>{number(topic.calls)}</Table.Td>
                    <Table.Td>{cost(topic)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
