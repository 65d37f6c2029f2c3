import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import type { SummaryListResponse } from '@app/contracts';
import { sourceDisplayName } from '@app/rules';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { formatDate } from '../content/text';
import { AnchorLink } from '../ui/router-links';

type Block = NonNullable<SummaryListResponse['other_language']>;

/** The most words the block says it looked for. */
const TERMS_SHOWN = 8;
/** Reports listed before "Show all": the block sits above the list and stays short on a phone. */
const FIRST_SHOWN = 3;

/**
 * Beside a search's first page: the other language's reports of the same stories and of the query's
 * words, each opening its summary here, in its own language (marked with `lang`).
 */
export function OtherLanguageResults({
  block,
  language,
  timeZone,
}: {
  block: Block;
  language: 'en' | 'zh';
  timeZone: string;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? block.data : block.data.slice(0, FIRST_SHOWN);
  const inChinese = block.language === 'ZH';
  const terms = block.terms.slice(0, TERMS_SHOWN).join(language === 'zh' ? '、' : ', ');
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingId}
      data-testid="other-language"
      data-language={block.language}
    >
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap">
          <IconLanguage size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} fz="md" id={headingId}>
            {inChinese
              ? t({ id: 'reading.otherLanguage.title', message: 'Also in Chinese' })
              : t({ id: 'reading.otherLanguage.titleEn', message: 'Also in English' })}
          </Title>
        </Group>
        {block.skipped ? (
          <Text size="sm" c="dimmed" data-testid="other-language-skipped">
            {t({
              id: 'reading.otherLanguage.skipped',
              message: 'Searching the other language works for English and Chinese queries only.',
            })}
          </Text>
        ) : (
          <>
            {terms ? (
              <Text
                size="xs"
                c="dimmed"
                lang={block.language.toLowerCase()}
                style={{ overflowWrap: 'anywhere' }}
              >
                {t({ id: 'reading.otherLanguage.terms', message: `Looked for: ${terms}` })}
              </Text>
            ) : null}
            {block.data.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="other-language-empty">
                {inChinese
                  ? t({
                      id: 'reading.otherLanguage.empty',
                      message: 'No Chinese reports of these results yet.',
                    })
                  : t({
                      id: 'reading.otherLanguage.emptyEn',
                      message: 'No English reports of these results yet.',
                    })}
              </Text>
            ) : (
              <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
                {shown.map((report) => (
                  <li key={report.id} data-testid="other-language-item">
                    <Group gap={6} wrap="wrap" align="baseline">
                      <AnchorLink
                        to="/content-summary"
                        search={{ summary: report.id }}
                        size="sm"
                        fw={500}
                        lang={report.language.toLowerCase()}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {report.headline}
                      </AnchorLink>
                      <Badge size="xs" variant="outline" color="gray">
                        {report.language === 'ZH'
                          ? t({ id: 'reading.languageZh', message: 'Chinese' })
                          : t({ id: 'reading.languageEn', message: 'English' })}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {report.datasource
                        ? `${sourceDisplayName(report.datasource.source_name, language)} · `
                        : ''}
                      <time dateTime={report.created_at}>
                        {formatDate(report.created_at, language, timeZone)}
                      </time>
                    </Text>
                  </li>
                ))}
              </Stack>
            )}
            {shown.length < block.data.length ? (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setShowAll(true)}
                style={{ alignSelf: 'flex-start' }}
                data-testid="other-language-more"
              >
                {t({
                  id: 'reading.otherLanguage.showAll',
                  message: `Show all ${ph({ count: block.data.length })}`,
                })}
              </Button>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
