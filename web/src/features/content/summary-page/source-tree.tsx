import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import type { SourceTree as SourceTreeData } from '@app/contracts';
import { comparePlatforms, localName, sourceDisplayName } from '@app/rules';
import { platformName } from '../platform-options';
import { ActionIcon, Badge, Box, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatDay } from '../text';

type Props = {
  tree: SourceTreeData | undefined;
  isLoading: boolean;
  selected: string | undefined;
  onSelect: (sourceName: string | undefined) => void;
  favoriteIds: Set<string>;
  onFavorite: (id: string, on: boolean) => void;
  language: 'en' | 'zh';
  timeZone: string;
  /** Above the tree (a signed-in reader's way to My feed). */
  header?: ReactNode;
  /** Beside a topic's name (a signed-in reader's unread count). */
  topicExtra?: (topicId: string) => ReactNode;
};

// Inside a link's label or section: phrasing content only (spans), never a block.
const count = (n: number) => (
  <Badge component="span" size="xs" variant="light" color="gray" data-testid="tree-count">
    {n}
  </Badge>
);

type BranchProps = {
  label: ReactNode;
  summaryCount: number;
  defaultOpened: boolean;
  children: ReactNode;
} & Record<`data-${string}`, string>;

/**
 * A node that opens: its count, then a chevron that turns as it opens. Mantine turns the whole right
 * section, so the section stays still and only the chevron turns.
 */
function TreeBranch({ label, summaryCount, defaultOpened, children, ...data }: BranchProps) {
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <NavLink
      {...data}
      label={label}
      opened={opened}
      onChange={setOpened}
      disableRightSectionRotation
      rightSection={
        <Group component="span" gap={4} wrap="nowrap">
          {count(summaryCount)}
          <IconChevronRight
            size={14}
            aria-hidden
            data-testid="tree-chevron"
            style={{ transition: 'transform 150ms ease', transform: opened ? 'rotate(90deg)' : undefined }}
          />
        </Group>
      }
      childrenOffset={12}
    >
      {children}
    </NavLink>
  );
}

/** All data sources → topic → platform → source, each with its summary count. */
export function SourceTree({
  tree,
  isLoading,
  selected,
  onSelect,
  favoriteIds,
  onFavorite,
  language,
  timeZone,
  header,
  topicExtra,
}: Props) {
  const { t } = useLingui();
  if (isLoading || !tree) {
    return (
      <Stack gap="xs" p="xs">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Skeleton key={key} height={28} />
        ))}
      </Stack>
    );
  }
  return (
    // A plain scrolling box (its links take the focus, so the keyboard scrolls it too).
    <Box mah="calc(100vh - 160px)" style={{ overflowY: 'auto' }} data-testid="source-tree">
      {header}
      <NavLink
        label={t({ id: 'content.summary.allSources', message: 'All data sources' })}
        active={!selected}
        onClick={() => onSelect(undefined)}
        rightSection={count(tree.total)}
      />
      {tree.topics.map((topic) => (
        <TreeBranch
          key={topic.id}
          data-testid="tree-topic"
          label={
            topicExtra ? (
              <Group component="span" gap={6} wrap="wrap">
                {localName(topic, language)}
                {topicExtra(topic.id)}
              </Group>
            ) : (
              localName(topic, language)
            )
          }
          summaryCount={topic.summary_count}
          defaultOpened={topic.platforms.some((p) => p.sources.some((s) => s.name === selected))}
        >
          {[...topic.platforms]
            .sort((a, b) => comparePlatforms(a.platform, b.platform))
            .map((platform) => (
              <TreeBranch
                key={platform.platform}
                data-testid="tree-platform"
                data-platform={platform.platform}
                label={platformName(t, platform.platform)}
                summaryCount={platform.summary_count}
                defaultOpened={platform.sources.some((s) => s.name === selected)}
              >
                {platform.sources.map((source) => {
                  const isFavorite = favoriteIds.has(source.id);
                  // The favourite button sits beside the source's link, not inside it: no control in another.
                  return (
                    <Group key={source.id} gap={0} wrap="nowrap">
                      <NavLink
                        style={{ flex: 1, minWidth: 0 }}
                        active={selected === source.name}
                        onClick={() => onSelect(source.name)}
                        data-testid="tree-source"
                        label={
                          <Group component="span" gap={4} wrap="nowrap" justify="space-between">
                            <Text
                              component="span"
                              display="block"
                              size="sm"
                              truncate
                              data-testid="tree-source-name"
                            >
                              {sourceDisplayName(source.name, language)}
                            </Text>
                            {count(source.summary_count)}
                          </Group>
                        }
                        description={
                          source.last_updated
                            ? t({
                                id: 'content.summary.lastUpdated',
                                message: `Updated ${ph({ date: formatDay(source.last_updated, language, timeZone) })}`,
                              })
                            : undefined
                        }
                      />
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="red"
                        aria-label={
                          isFavorite
                            ? t({
                                id: 'content.summary.unfavoriteSource',
                                message: 'Remove source from favourites',
                              })
                            : t({ id: 'content.summary.favoriteSource', message: 'Favourite this source' })
                        }
                        aria-pressed={isFavorite}
                        data-testid="tree-favorite"
                        onClick={() => onFavorite(source.id, !isFavorite)}
                      >
                        {isFavorite ? <IconHeartFilled size={14} /> : <IconHeart size={14} />}
                      </ActionIcon>
                    </Group>
                  );
                })}
              </TreeBranch>
            ))}
        </TreeBranch>
      ))}
    </Box>
  );
}
