import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { DEBUG_MESSAGES } from '../content-messages';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import * as probe from './debug-api';
import { type Check, Shell, StatusBadge, timed } from './debug-checks';
import {
  type CountCheck,
  type DebugLanguage,
  isWithinTolerance,
  LANGUAGE_FILTER_EXPECTATIONS,
  passRate,
} from './language-filter-expectations';

type CountResult = Check & { id: CountCheck; actual: number | null; otherLanguage: number };

/** English: the English sources; Chinese: every active source, as the Chinese pages list them. */
async function countDatasources(language: DebugLanguage, signal: AbortSignal) {
  const query = language === 'en' ? { language } : {};
  const response = await probe.datasources(query, signal);
  return { actual: response.data.length, otherLanguage: 0 };
}

/** The filtered list's total, and how many of the rows it returned are in another language. */
async function countSummaries(language: DebugLanguage, signal: AbortSignal) {
  const response = await probe.summaries({ language, page_size: 100 }, signal);
  const wanted = language.toUpperCase();
  return {
    actual: response.total,
    otherLanguage: response.data.filter((summary) => summary.language !== wanted).length,
  };
}

const COUNTERS: Record<
  CountCheck,
  (language: DebugLanguage, signal: AbortSignal) => Promise<{ actual: number; otherLanguage: number }>
> = { datasources: countDatasources, summaries: countSummaries };

async function runCheck(id: CountCheck, language: DebugLanguage): Promise<CountResult> {
  const expectation = LANGUAGE_FILTER_EXPECTATIONS[language][id];
  let counted: { actual: number | null; otherLanguage: number } = { actual: null, otherLanguage: 0 };
  // Only a failed call carries a message (the server's); a count is judged against the spec below.
  const check = await timed(id, async (signal) => {
    counted = await COUNTERS[id](language, signal);
    return { message: '' };
  });
  const passed =
    check.status === 'pass' &&
    counted.actual !== null &&
    counted.otherLanguage === 0 &&
    isWithinTolerance(counted.actual, expectation);
  return { ...check, status: passed ? 'pass' : 'error', id, ...counted };
}

/** /language-filter-test: per language, the counts the filters return against the spec's expected counts. */
export function LanguageFilterTestPage() {
  const { t } = useLingui();
  const [language, setLanguage] = useState<DebugLanguage>('en');
  const [results, setResults] = useState<CountResult[] | null>(null);
  useEffect(() => {
    let current = true;
    setResults(null);
    void Promise.all([runCheck('datasources', language), runCheck('summaries', language)]).then((all) => {
      if (current) setResults(all);
    });
    return () => {
      current = false;
    };
  }, [language]);
  const rate = results ? passRate(results.map((r) => r.status === 'pass')) : null;
  return (
    <Shell title="Language filter test">
      <Group>
        <Button
          variant={language === 'en' ? 'filled' : 'default'}
          aria-pressed={language === 'en'}
          onClick={() => setLanguage('en')}
        >
          English
        </Button>
        <Button
          variant={language === 'zh' ? 'filled' : 'default'}
          aria-pressed={language === 'zh'}
          onClick={() => setLanguage('zh')}
        >
          中文
        </Button>
      </Group>
      {!results ? (
        <StatusBadge status="pending" />
      ) : (
        <Stack gap="xs" data-testid="language-result" data-language={language}>
          <Group gap="xs">
            <StatusBadge status={rate === 100 ? 'pass' : 'error'} />
            <Text data-testid="language-pass-rate">
              {t({ id: 'content.debug.passRate', message: `Pass rate ${rate}%` })}
            </Text>
          </Group>
          <Table withTableBorder data-testid="language-checks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t({ id: 'content.debug.check', message: 'Check' })}</Table.Th>
                <Table.Th>{t({ id: 'content.debug.expected', message: 'expected' })}</Table.Th>
                <Table.Th>{t({ id: 'content.debug.actual', message: 'actual' })}</Table.Th>
                <Table.Th>{t({ id: 'content.debug.status', message: 'Status' })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((result) => {
                const expectation = LANGUAGE_FILTER_EXPECTATIONS[language][result.id];
                return (
                  <Table.Tr key={result.id} data-testid={`language-check-${result.id}`}>
                    <Table.Td>{t(DEBUG_MESSAGES[result.id])}</Table.Td>
                    <Table.Td data-testid="expected">
                      {expectation.expected} ± {expectation.tolerance}
                    </Table.Td>
                    <Table.Td data-testid="actual">{result.actual ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <StatusBadge status={result.status} />
                        <Text size="sm">
                          {result.message}
                          {result.otherLanguage > 0
                            ? t({
                                id: 'content.debug.otherLanguage',
                                message: `${ph({ count: result.otherLanguage })} in another language`,
                              })
                            : ''}{' '}
                          {result.ms === null
                            ? ''
                            : t({ id: 'content.debug.duration', message: `${ph({ ms: result.ms })} ms` })}
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Shell>
  );
}
