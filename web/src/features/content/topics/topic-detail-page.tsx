import { useLingui } from '@lingui/react/macro';
import { ph, plural } from '@lingui/core/macro';
import type { SummaryDto, TopicDto } from '@app/contracts';
import { localDescription, localName, sourceDisplayName } from '@app/rules';
import { platformName } from '../platform-options';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Center,
  Container,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLanguage } from '../../../i18n/language-provider';
import { generatedContentQueryOptions, summariesQueryOptions } from '../../../queries/content';
import { topicFilterOptionsQueryOptions } from '../../../queries/topics';
import { useDocumentTitle } from '../../ui/use-document-title';
import { FollowButton } from '../../reading/follow-button';
import { Markdown } from '../markdown';
import { topicFeedLinks, useFeedLinks } from '../feed-links';
import { PageNav } from '../summary-page/page-nav';
import { formatDate, linkLabel, MAX_LINKS } from '../text';
import { readStoredTimeZone } from '../use-time-zone';
import { errorText } from '../../../api/error-text';
import type { TopicSearch } from './topic-search';

function groupBy<T>(items: T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.entries()];
}

const sourceOf = (s: SummaryDto, language: 'en' | 'zh') =>
  sourceDisplayName(s.datasource?.source_name ?? String(s.metadata.source_name ?? '—'), language);

export function TopicDetailPage({ topic }: { topic: TopicDto }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const timeZone = readStoredTimeZone();
  const name = localName(topic, language);
  const description = localDescription(topic, language);
  useDocumentTitle(name);
  useFeedLinks(topicFeedLinks(topic.slug, name, language));
  // Page, source and day live in the URL (like /content-summary): 25 a page, filtered by the API.
  const search = useSearch({ strict: false }) as TopicSearch;
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const source = search.source ?? '';
  const day = search.date ?? '';
  const update = (patch: TopicSearch) =>
    void navigate({
      to: '/topics/$id',
      params: { id: topic.id },
      search: (prev: TopicSearch) => ({ ...prev, page: undefined, ...patch }),
    });
  const summaries = useQuery(
    summariesQueryOptions({
      page,
      topic: topic.id,
      source: source || undefined,
      date: day || undefined,
      timezone: timeZone,
      language,
      // Each item shows its whole text here.
      fields: 'full',
    }),
  );
  const options = useQuery(topicFilterOptionsQueryOptions(topic.id, language, timeZone));
  const generated = useQuery(generatedContentQueryOptions(topic.id, timeZone));

  const sourceChoices = options.data?.sources ?? [];
  const dayChoices = options.data?.dates ?? [];
  // A source or day from an old link stays selectable, so the select shows what the list is filtered by.
  const sources = [
    ...sourceChoices.map((s) => ({
      value: s.name,
      label: `${sourceDisplayName(s.name, language)} · ${platformName(t, s.platform)}`,
    })),
    ...(source && !sourceChoices.some((s) => s.name === source)
      ? [{ value: source, label: sourceDisplayName(source, language) }]
      : []),
  ];
  const days = [...dayChoices, ...(day && !dayChoices.includes(day) ? [day] : [])];
  const visible = summaries.data?.data ?? [];
  const totalPages = summaries.data?.total_pages ?? 0;

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} fz={{ base: 26, sm: 34 }} data-testid="topic-title">
            {name}
          </Title>
          <FollowButton
            target={{
              kind: 'topic',
              id: topic.id,
              name: topic.name,
              name_zh: topic.name_zh,
              slug: topic.slug,
            }}
          />
        </Group>
        <Text c="dimmed">{description}</Text>
        <Group gap="sm" wrap="wrap">
          <NativeSelect
            label={t({ id: 'content.topic.source', message: 'Data source' })}
            maw="100%"
            data={[
              { value: '', label: t({ id: 'content.topic.allSources', message: 'All sources' }) },
              ...sources,
            ]}
            value={source}
            onChange={(e) => update({ source: e.currentTarget.value || undefined })}
            data-testid="topic-source-filter"
          />
          <NativeSelect
            label={t({ id: 'content.topic.date', message: 'Date' })}
            data={[
              { value: '', label: t({ id: 'content.topic.allDates', message: 'All' }) },
              ...days.map((d) => ({ value: d, label: d })),
            ]}
            value={day}
            onChange={(e) => update({ date: e.currentTarget.value || undefined })}
            data-testid="topic-date-filter"
          />
        </Group>
        <Tabs defaultValue="summaries">
          <Tabs.List>
            <Tabs.Tab value="summaries">
              {t({ id: 'content.topic.summariesTab', message: 'Summaries' })}
            </Tabs.Tab>
            <Tabs.Tab value="generated">
              {t({ id: 'content.topic.generatedTab', message: 'Generated content' })}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="summaries" pt="md">
            {summaries.isLoading ? (
              <Center py="xl">
                <Loader />
              </Center>
            ) : summaries.isError ? (
              <Alert color="red">
                {t({
                  id: 'content.topic.loadFailed',
                  message: `Failed to load: ${ph({ message: errorText(t, summaries.error) })}`,
                })}
              </Alert>
            ) : visible.length === 0 ? (
              <Text c="dimmed">{t({ id: 'content.topic.empty', message: 'Nothing here yet' })}</Text>
            ) : (
              <Stack gap="lg" data-testid="topic-summaries">
                {groupBy(visible, (s) => sourceOf(s, language)).map(([group, items]) => (
                  <Stack key={group} gap="sm">
                    <GroupHeading name={group} count={items.length} />
                    {items.map((s) => (
                      <Card key={s.id} withBorder radius="md" data-testid="topic-summary">
                        <Group justify="space-between" mb={4}>
                          <Text size="xs" c="dimmed">
                            {formatDate(s.created_at, language, timeZone)}
                          </Text>
                          {s.source_urls.length === 1 ? (
                            <Anchor
                              href={s.source_urls[0]}
                              target="_blank"
                              rel="noopener noreferrer"
                              size="xs"
                            >
                              {t({ id: 'content.topic.originalLink', message: 'Original link' })}
                            </Anchor>
                          ) : s.source_urls.length > 1 ? (
                            <Text size="xs">
                              {t({
                                id: 'content.topic.relatedArticles',
                                message: plural(ph({ count: s.source_urls.length }), {
                                  one: `# related article`,
                                  other: `# related articles`,
                                }),
                              })}
                            </Text>
                          ) : null}
                        </Group>
                        <Markdown html={s.content_html ?? ''} />
                        {s.source_urls.length > 1 ? (
                          <Stack gap={0} mt={4}>
                            <SourceLinks urls={s.source_urls} />
                          </Stack>
                        ) : null}
                      </Card>
                    ))}
                  </Stack>
                ))}
                {totalPages > 1 ? (
                  <PageNav
                    page={page}
                    total={totalPages}
                    onChange={(p) => {
                      update({ page: p > 1 ? p : undefined });
                      window.scrollTo({ top: 0 });
                    }}
                  />
                ) : null}
              </Stack>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="generated" pt="md">
            <Text size="sm" c="dimmed" mb="md" data-testid="generated-intro">
              {t({
                id: 'content.topic.generatedIntro',
                message: 'Social posts that readers made from these summaries and chose to publish here.',
              })}
            </Text>
            {generated.isLoading ? (
              <Center py="xl">
                <Loader />
              </Center>
            ) : generated.isError ? (
              <Alert color="red">
                {t({ id: 'content.topic.generatedFailed', message: 'Failed to fetch generated content' })}
              </Alert>
            ) : (generated.data ?? []).length === 0 ? (
              <Text c="dimmed" data-testid="generated-empty">
                {t({ id: 'content.topic.empty', message: 'Nothing here yet' })}
              </Text>
            ) : (
              <Stack gap="lg">
                {groupBy(generated.data!, (g) =>
                  g.source_name ? sourceDisplayName(g.source_name, language) : '—',
                ).map(([group, items]) => (
                  <Stack key={group} gap="sm">
                    <GroupHeading name={group} count={items.length} />
                    {items.map((g) => (
                      <Card key={g.id} withBorder radius="md" data-testid="generated-item">
                        <Group justify="space-between" mb={4}>
                          <Badge data-testid="generated-platform">
                            {platformName(t, g.target_platform, 'target')}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {formatDate(g.published_at, language, timeZone)}
                          </Text>
                        </Group>
                        <Text size="xs" c="dimmed" mb={4} data-testid="generated-author">
                          {g.author_name
                            ? t({
                                id: 'content.topic.generatedBy',
                                message: `by ${ph({ name: g.author_name })}`,
                              })
                            : t({ id: 'content.topic.generatedByReader', message: 'by a reader' })}
                        </Text>
                        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                          {g.content}
                        </Text>
                        {g.hashtags.length ? (
                          <Text size="xs" c="brand">
                            {g.hashtags.map((h) => (h.startsWith('#') ? h : `#${h}`)).join(' ')}
                          </Text>
                        ) : null}
                        <SourceLinks urls={g.source_urls} />
                      </Card>
                    ))}
                  </Stack>
                ))}
              </Stack>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

/** A group of the topic's items: its source and how many it holds. */
function GroupHeading({ name, count }: { name: string; count: number }) {
  return (
    <Group gap="xs">
      <Title order={2} fz="lg">
        {name}
      </Title>
      <Badge variant="light">{count}</Badge>
    </Group>
  );
}

/** The first MAX_LINKS links an item was made from, one a line. */
function SourceLinks({ urls }: { urls: string[] }) {
  return urls.slice(0, MAX_LINKS).map((url) => (
    <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer" size="xs" lineClamp={1}>
      {linkLabel(url)}
    </Anchor>
  ));
}
