import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { ph, plural } from '@lingui/core/macro';
import {
  Alert,
  Button,
  CloseButton,
  Container,
  Group,
  Loader,
  Paper,
  Badge,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { siteFeedLinks, useFeedLinks } from '../content/feed-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { SORT_MESSAGES } from './blog-messages';
import { BlogPostCard, BlogPostCardSkeleton, useCategoryLabel } from './blog-post-card';
import { BLOG_SKELETON_CARDS, BLOG_SORT_OPTIONS, type BlogSort, blogListQueryOptions } from './blog-queries';
import { errorText } from '../../api/error-text';

function StatTile({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text fz={{ base: 22, sm: 28 }} fw={700}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

function FilterChip({
  label,
  removeLabel,
  onRemove,
}: {
  label: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <Badge
      size="lg"
      variant="light"
      tt="none"
      pr={4}
      rightSection={
        <CloseButton size="xs" variant="transparent" aria-label={removeLabel} onClick={onRemove} />
      }
    >
      {label}
    </Badge>
  );
}

/** /blog: stat tiles, search, category filter, sort, removable chips, skeletons, post cards. */
function BlogListScreen() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const categoryLabel = useCategoryLabel();
  // The blog's feed, as the page's served document names it.
  useFeedLinks(siteFeedLinks('blog', language));
  useDocumentTitle(t({ id: 'blog.title', message: 'Blog' }));
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [sort, setSort] = useState<BlogSort>('newest');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);

  const query = useInfiniteQuery(
    blogListQueryOptions({
      language,
      category: category ?? undefined,
      sort,
      q: debouncedSearch || undefined,
    }),
  );
  const pages = query.data?.pages;
  const posts = pages?.flatMap((page) => page.data) ?? [];
  const stats = pages?.[0]?.stats;
  const categories = stats?.categories ?? [];
  const hasFilters = Boolean(debouncedSearch || category);
  // A failed "load more" keeps the posts already shown; only a failed first page replaces them.
  const firstPageFailed = query.isError && !query.isFetchNextPageError;

  // After "load more" the focus moves to the first new post, so a keyboard user reads on from there.
  const slots = useRef<(HTMLDivElement | null)[]>([]);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || query.isFetchingNextPage) return;
    focusFrom.current = null;
    slots.current[index]?.focus();
  }, [query.isFetchingNextPage]);
  const loadMore = () => {
    if (query.isFetchingNextPage) return;
    focusFrom.current = posts.length;
    void query.fetchNextPage();
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {t({ id: 'blog.title', message: 'Blog' })}
          </Title>
          <Text c="dimmed">
            {t({
              id: 'blog.subtitle',
              message: 'Notes from the team: how we curate, what we ship, and guides for builders.',
            })}
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <StatTile
            testId="blog-stat-total"
            label={t({ id: 'blog.stats.total', message: 'Total posts' })}
            value={stats?.total ?? '–'}
          />
          <StatTile
            testId="blog-stat-categories"
            label={t({ id: 'blog.stats.categories', message: 'Categories' })}
            value={stats ? categories.length : '–'}
          />
          <StatTile
            testId="blog-stat-month"
            label={t({ id: 'blog.stats.thisMonth', message: 'This month' })}
            value="12+"
          />
          <StatTile
            testId="blog-stat-trending"
            label={t({ id: 'blog.stats.trending', message: 'Trending' })}
            value="5+"
          />
        </SimpleGrid>

        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 260px' }}
            label={t({ id: 'blog.searchLabel', message: 'Search posts' })}
            placeholder={t({
              id: 'blog.searchPlaceholder',
              message: 'Search posts by title, excerpt or tag',
            })}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="blog-search"
          />
          {/* Native selects: the filters need no searchable dropdown (and its popover code, about 40 KiB). */}
          <NativeSelect
            style={{ flex: '1 1 180px' }}
            label={t({ id: 'blog.categoryLabel', message: 'Category' })}
            data={[
              { value: '', label: t({ id: 'blog.allCategories', message: 'All categories' }) },
              ...categories.map((c) => ({ value: c, label: categoryLabel(c) })),
            ]}
            value={category ?? ''}
            onChange={(event) => setCategory(event.currentTarget.value || null)}
            data-testid="blog-category"
          />
          <NativeSelect
            style={{ flex: '1 1 160px' }}
            label={t({ id: 'blog.sortLabel', message: 'Sort by' })}
            data={BLOG_SORT_OPTIONS.map((s) => ({ value: s, label: t(SORT_MESSAGES[s]) }))}
            value={sort}
            onChange={(event) => setSort(event.currentTarget.value as BlogSort)}
            data-testid="blog-sort"
          />
        </Group>

        {hasFilters ? (
          <Group gap="xs" data-testid="blog-chips">
            {debouncedSearch ? (
              <FilterChip
                label={t({ id: 'blog.chips.search', message: `Search: ${ph({ value: debouncedSearch })}` })}
                removeLabel={t({
                  id: 'blog.chips.remove',
                  message: `Remove filter ${ph({ label: debouncedSearch })}`,
                })}
                onRemove={() => setSearch('')}
              />
            ) : null}
            {category ? (
              <FilterChip
                label={t({
                  id: 'blog.chips.category',
                  message: `Category: ${ph({ value: categoryLabel(category) })}`,
                })}
                removeLabel={t({
                  id: 'blog.chips.remove',
                  message: `Remove filter ${ph({ label: categoryLabel(category) })}`,
                })}
                onRemove={() => setCategory(null)}
              />
            ) : null}
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                setSearch('');
                setCategory(null);
              }}
            >
              {t({ id: 'blog.chips.clearAll', message: 'Clear all' })}
            </Button>
          </Group>
        ) : null}

        {firstPageFailed ? (
          <Alert
            color="red"
            title={t({ id: 'blog.loadError', message: 'Could not load the blog' })}
            data-testid="blog-error"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorText(t, query.error)}</Text>
              <Button size="xs" variant="light" onClick={() => query.refetch()}>
                {t({ id: 'blog.retry', message: 'Try again' })}
              </Button>
            </Stack>
          </Alert>
        ) : query.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {Array.from({ length: BLOG_SKELETON_CARDS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
              <BlogPostCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        ) : posts.length === 0 ? (
          <Paper withBorder radius="lg" p="xl" data-testid="blog-empty">
            <Group justify="space-between">
              <Text c="dimmed">
                {hasFilters
                  ? t({ id: 'blog.empty', message: 'No posts match your filters.' })
                  : t({ id: 'blog.emptyNoPosts', message: 'No posts yet. Check back soon.' })}
              </Text>
              {hasFilters ? (
                <CloseButton
                  aria-label={t({ id: 'blog.chips.clearAll', message: 'Clear all' })}
                  onClick={() => {
                    setSearch('');
                    setCategory(null);
                  }}
                />
              ) : null}
            </Group>
          </Paper>
        ) : (
          <Stack gap="md">
            <SimpleGrid
              cols={{ base: 1, sm: 2, lg: 3 }}
              style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
              data-testid="blog-grid"
            >
              {posts.map((post, index) => (
                <div
                  key={post.id}
                  ref={(element) => {
                    slots.current[index] = element;
                  }}
                  tabIndex={-1}
                  style={{ height: '100%' }}
                >
                  <BlogPostCard post={post} />
                </div>
              ))}
            </SimpleGrid>
            <Text size="sm" c="dimmed" ta="center" aria-live="polite" data-testid="blog-shown">
              {query.hasNextPage
                ? t({
                    id: 'blog.shown',
                    message: plural(ph({ count: posts.length }), {
                      one: `Showing # post`,
                      other: `Showing # posts`,
                    }),
                  })
                : (pages?.length ?? 0) > 1
                  ? t({
                      id: 'blog.shownAll',
                      message: plural(ph({ count: posts.length }), {
                        one: `Showing all # post`,
                        other: `Showing all # posts`,
                      }),
                    })
                  : null}
            </Text>
            {query.isFetchNextPageError ? (
              <Alert
                color="red"
                title={t({ id: 'blog.loadMoreError', message: 'Could not load more posts' })}
                data-testid="blog-more-error"
              >
                <Text size="sm">{errorText(t, query.error)}</Text>
              </Alert>
            ) : null}
            {query.hasNextPage && !query.isPlaceholderData ? (
              <Group justify="center">
                <Button
                  variant="light"
                  w={{ base: '100%', xs: 'auto' }}
                  onClick={loadMore}
                  aria-busy={query.isFetchingNextPage}
                  leftSection={query.isFetchingNextPage ? <Loader size={14} /> : null}
                  data-testid="blog-load-more"
                >
                  {query.isFetchingNextPage
                    ? t({ id: 'blog.loadingMore', message: 'Loading more posts…' })
                    : query.isFetchNextPageError
                      ? t({ id: 'blog.retry', message: 'Try again' })
                      : t({ id: 'blog.loadMore', message: 'Load more posts' })}
                </Button>
              </Group>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

export function BlogListPage() {
  return (
    <LinguiScreen namespaces={['blog']}>
      <BlogListScreen />
    </LinguiScreen>
  );
}
