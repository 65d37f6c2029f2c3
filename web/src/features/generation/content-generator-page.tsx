import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { GENERATION_DEFAULTS, type GenerationResult, type SummaryDto } from '@app/contracts';
import { localName, sourceDisplayName } from '@app/rules';
import { platformName } from '../content/platform-options';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Radio,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { CenteredLoader } from '../ui/centered-loader';
import { AnchorLink } from '../ui/router-links';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { recentSummariesQueryOptions, summaryForGenerationQueryOptions } from './generation-api';
import { DEFAULT_OPTIONS, type GenerationOptions, GenerationOptionsForm } from './generation-options';
import { GenerationProgress } from './generation-progress';
import { ResultCard } from './result-card';
import { useGenerationRun } from './use-generation-run';
import { QuotaBadge, UsageLine } from './usage-line';
import { usePostGeneration } from './use-post-generation';

type Tab = 'select' | 'configure' | 'generate';

/** Client-side JSON export: source, settings, generated_content and generated_at (spec §7). */
export function exportJson(source: unknown, settings: GenerationOptions, results: GenerationResult[]) {
  const payload = {
    source,
    settings: {
      target_platforms: settings.platforms,
      style: settings.style,
      user_input: settings.userInput.trim(),
    },
    generated_content: results,
    generated_at: new Date().toISOString(),
  };
  const blob = new Blob([JSON.stringify(payload, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `generated-content-${Date.now()}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** A summary's headline, or for one without, its excerpt (the markdown as one line of prose). */
function summaryTitle(summary: Pick<SummaryDto, 'headline' | 'excerpt'>) {
  return summary.headline || summary.excerpt;
}

function ContentGeneratorScreen({ summaryId }: { summaryId?: string }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  useDocumentTitle(t({ id: 'generation.title', message: 'Content generator' }));
  const summary = useQuery(summaryForGenerationQueryOptions(summaryId));
  const summaryFailed = Boolean(summaryId) && summary.isError;
  const mode: 'summary' | 'post' = summaryId && !summaryFailed ? 'summary' : 'post';
  const [tab, setTab] = useState<Tab>(summaryId ? 'configure' : 'select');
  const [chosen, setChosen] = useState<string | null>(null);
  const [options, setOptions] = useState<GenerationOptions>(DEFAULT_OPTIONS);
  const recent = useQuery({ ...recentSummariesQueryOptions(language), enabled: mode === 'post' });
  const run = useGenerationRun();
  const post = usePostGeneration(run);

  useEffect(() => {
    if (summaryFailed) {
      showErrorToast(
        t({
          id: 'generation.preview.loadFailed',
          message: 'Could not load the summary; switched to choosing a post.',
        }),
      );
      setTab('select');
    }
  }, [summaryFailed, t]);

  const sourceId = mode === 'summary' ? summary.data?.id : chosen;
  const source = mode === 'summary' ? summary.data : recent.data?.data.find((item) => item.id === chosen);
  // Post mode: the request is held open while the task runs, so 'submitting' lasts until it ends.
  const shown = post.waiting ? { ...run, phase: 'submitting' as const } : run;
  const busy = shown.phase === 'submitting' || shown.phase === 'pending' || shown.phase === 'processing';
  const tooLong = [...options.userInput.trim()].length > GENERATION_DEFAULTS.userInputMax;
  const ready = Boolean(sourceId) && options.platforms.length > 0 && !tooLong;

  const generate = async () => {
    if (options.platforms.length === 0)
      return showErrorToast(
        t({ id: 'generation.needPlatform', message: 'Select at least one target platform' }),
      );
    if (!sourceId)
      return showErrorToast(
        mode === 'summary'
          ? t({
              id: 'generation.incompleteSummary',
              message: 'Please complete the configuration: need at least one target platform',
            })
          : t({ id: 'generation.incompletePost', message: 'Please choose content and platforms' }),
      );
    if (tooLong) return;
    setTab('generate');
    const ok =
      mode === 'post'
        ? await post.submit({
            post_id: sourceId,
            target_platforms: options.platforms,
            tone: options.style,
            include_hashtags: true,
            user_input: options.userInput,
            user_language: language,
          })
        : await run.submit({
            summary_id: sourceId,
            target_platforms: options.platforms,
            style: options.style,
            user_input: options.userInput,
            user_language: language,
          });
    if (!ok) setTab('configure');
  };

  const cancel = async () => {
    await run.cancel();
    setTab('configure');
  };

  return (
    <Stack
      gap="md"
      maw={960}
      mx="auto"
      w="100%"
      px={{ base: 'md', sm: 'lg' }}
      py="lg"
      data-testid="content-generator"
      data-mode={mode}
    >
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <AnchorLink to="/" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              {t({ id: 'generation.backHome', message: 'Back to home' })}
            </Group>
          </AnchorLink>
          <Group gap="sm" wrap="wrap">
            <Title order={2}>{t({ id: 'generation.title', message: 'Content generator' })}</Title>
            <QuotaBadge phase={shown.phase} />
          </Group>
          <Text c="dimmed" size="sm">
            {t({
              id: 'generation.subtitle',
              message: 'Turn a summary into ready-to-post copy for your social channels.',
            })}
          </Text>
        </Stack>
        {run.results.length > 0 ? (
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={() => {
              exportJson(source ?? { id: sourceId }, options, run.results);
              showSuccessToast(t({ id: 'generation.exported', message: 'Export successful' }));
            }}
          >
            {t({ id: 'generation.export', message: 'Export' })}
          </Button>
        ) : null}
      </Group>

      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="select" disabled={mode === 'summary'}>
            {mode === 'summary'
              ? t({ id: 'generation.tabs.preview', message: 'Summary preview' })
              : t({ id: 'generation.tabs.select', message: 'Select content' })}
          </Tabs.Tab>
          <Tabs.Tab value="configure">
            {t({ id: 'generation.tabs.configure', message: 'Configure' })}
          </Tabs.Tab>
          <Tabs.Tab value="generate">{t({ id: 'generation.tabs.generate', message: 'Generate' })}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="select" pt="md">
          {recent.isLoading ? (
            <CenteredLoader minHeight={200} />
          ) : recent.isError ? (
            <Alert color="red" title={t({ id: 'generation.select.loadFailed', message: 'Load failed' })}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {t({ id: 'generation.select.loadFailedText', message: 'Could not load the content list' })}
                </Text>
                <Button size="xs" onClick={() => void recent.refetch()}>
                  {t({ id: 'generation.select.retry', message: 'Retry' })}
                </Button>
              </Stack>
            </Alert>
          ) : !recent.data?.data.length ? (
            <Text c="dimmed">{t({ id: 'generation.select.empty', message: 'No summaries yet.' })}</Text>
          ) : (
            <Stack gap="sm">
              <Text fw={600}>{t({ id: 'generation.select.title', message: 'Pick a recent summary' })}</Text>
              <Radio.Group value={chosen ?? ''} onChange={setChosen}>
                <ScrollArea.Autosize mah={480}>
                  <Stack gap="xs">
                    {recent.data.data.map((item) => (
                      <Card key={item.id} withBorder padding="sm" radius="md">
                        <Radio
                          value={item.id}
                          label={summaryTitle(item)}
                          description={
                            item.datasource ? sourceDisplayName(item.datasource.source_name, language) : ''
                          }
                        />
                      </Card>
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              </Radio.Group>
              <Group justify="flex-end">
                <Button disabled={!chosen} onClick={() => setTab('configure')}>
                  {t({ id: 'generation.select.next', message: 'Next: configure' })}
                </Button>
              </Group>
            </Stack>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="configure" pt="md">
          <Stack gap="md">
            {mode === 'summary' && summary.isLoading ? (
              <CenteredLoader minHeight={120} />
            ) : source ? (
              <SourcePreview source={source} language={language} />
            ) : mode === 'summary' ? null : (
              <Alert color="yellow">
                {t({ id: 'generation.incompletePost', message: 'Please choose content and platforms' })}
              </Alert>
            )}
            <GenerationOptionsForm
              value={options}
              onChange={setOptions}
              maxInput={GENERATION_DEFAULTS.userInputMax}
              disabled={busy}
            />
            <Group justify="flex-end">
              <Button
                leftSection={<IconSparkles size={16} />}
                onClick={() => void generate()}
                disabled={!ready || busy}
                loading={busy}
                data-testid="generation-submit"
              >
                {busy
                  ? t({ id: 'generation.generating', message: 'Generating…' })
                  : t({ id: 'generation.generate', message: 'Generate' })}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="generate" pt="md">
          <Stack gap="md">
            <GenerationProgress run={{ ...shown, cancel }} />
            <UsageLine usage={shown.status?.usage} />
            {shown.phase === 'idle' ? (
              <Text c="dimmed">
                {t({ id: 'generation.noResults', message: 'Results will appear here.' })}
              </Text>
            ) : null}
            {run.results.length > 0 ? (
              <Stack gap="sm" data-testid="generation-results">
                <Title order={4}>{t({ id: 'generation.results', message: 'Results' })}</Title>
                {run.results.map((result) => (
                  <ResultCard key={result.id} result={result} />
                ))}
              </Stack>
            ) : null}
            {run.phase === 'completed' || run.phase === 'failed' ? (
              <Group>
                <Anchor
                  component="button"
                  onClick={() => {
                    run.reset();
                    setTab('configure');
                  }}
                >
                  {t({ id: 'generation.newGeneration', message: 'Generate again' })}
                </Anchor>
              </Group>
            ) : null}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The summary being turned into posts, in the reader's language: the topic's Chinese name, platform names. */
function SourcePreview({
  source,
  language,
}: {
  source: Pick<SummaryDto, 'headline' | 'excerpt' | 'topic' | 'datasource'>;
  language: 'en' | 'zh';
}) {
  const { t } = useLingui();
  const platform = source.datasource?.platform;
  return (
    <Card withBorder radius="md" padding="md" data-testid="generation-source">
      <Group gap={6} mb={4}>
        {platform ? (
          <Badge variant="outline" data-testid="generation-source-platform">
            {platformName(t, platform)}
          </Badge>
        ) : null}
        {source.topic ? (
          <Badge variant="light" data-testid="generation-source-topic">
            {localName(source.topic, language)}
          </Badge>
        ) : null}
      </Group>
      <Text fw={600}>{summaryTitle(source)}</Text>
      <Text size="sm" c="dimmed" lineClamp={3} data-testid="generation-source-excerpt">
        {source.excerpt}
      </Text>
    </Card>
  );
}

export function ContentGeneratorPage(props: { summaryId?: string }) {
  return (
    <LinguiScreen namespaces={['generation']}>
      <ContentGeneratorScreen {...props} />
    </LinguiScreen>
  );
}
