import { comparePlatforms, type SourceTree as SourceTreeData, sourceDisplayName } from '@app/contracts';
import { ActionIcon, Badge, Box, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
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
};

const count = (n: number) => (
  <Badge size="xs" variant="light" color="gray">
    {n}
  </Badge>
);

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
}: Props) {
  const { t } = useTranslation('content');
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
      <NavLink
        label={t('summary.allSources')}
        active={!selected}
        onClick={() => onSelect(undefined)}
        rightSection={count(tree.total)}
      />
      {tree.topics.map((topic) => (
        <NavLink
          key={topic.id}
          label={(language === 'zh' && topic.name_zh) || topic.name}
          rightSection={count(topic.summary_count)}
          defaultOpened={topic.platforms.some((p) => p.sources.some((s) => s.name === selected))}
          childrenOffset={12}
        >
          {[...topic.platforms]
            .sort((a, b) => comparePlatforms(a.platform, b.platform))
            .map((platform) => (
              <NavLink
                key={platform.platform}
                data-testid="tree-platform"
                data-platform={platform.platform}
                label={t(`platforms.${platform.platform}` as 'platforms.blog', {
                  defaultValue: platform.platform,
                })}
                rightSection={count(platform.summary_count)}
                defaultOpened={platform.sources.some((s) => s.name === selected)}
                childrenOffset={12}
              >
                {platform.sources.map((source) => {
                  const isFavorite = favoriteIds.has(source.id);
                  return (
                    <NavLink
                      key={source.id}
                      active={selected === source.name}
                      onClick={() => onSelect(source.name)}
                      data-testid="tree-source"
                      label={
                        <Group gap={4} wrap="nowrap" justify="space-between">
                          <Text size="sm" truncate>
                            {sourceDisplayName(source.name, language)}
                          </Text>
                          {count(source.summary_count)}
                        </Group>
                      }
                      description={
                        source.last_updated
                          ? t('summary.lastUpdated', {
                              date: formatDay(source.last_updated, language, timeZone),
                            })
                          : undefined
                      }
                      rightSection={
                        <ActionIcon
                          component="span"
                          size="sm"
                          variant="subtle"
                          color="red"
                          role="button"
                          aria-label={
                            isFavorite ? t('summary.unfavoriteSource') : t('summary.favoriteSource')
                          }
                          aria-pressed={isFavorite}
                          data-testid="tree-favorite"
                          onClick={(event: React.MouseEvent) => {
                            event.stopPropagation();
                            onFavorite(source.id, !isFavorite);
                          }}
                        >
                          {isFavorite ? <IconHeartFilled size={14} /> : <IconHeart size={14} />}
                        </ActionIcon>
                      }
                    />
                  );
                })}
              </NavLink>
            ))}
        </NavLink>
      ))}
    </Box>
  );
}
