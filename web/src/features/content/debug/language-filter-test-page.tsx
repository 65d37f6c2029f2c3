import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { SummaryListResponse } from '../../../queries/content';
import { Shell, StatusBadge } from './debug-checks';

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
