import { useLingui } from '@lingui/react/macro';
import { ph, plural } from '@lingui/core/macro';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import { type AdminStory, adminStoriesQuery, mergeStories } from '../admin-api';
import { formatDateTime } from '../admin-logic';
import { useAdminAction } from '../kit/admin-shared';
import { AdminEmpty, AdminQueryState } from '../kit/admin-table';

/**
 * "Merge with…": find another story by its headline (single reports too), pick it, and confirm;
 * its reports move into `story` and it is deleted.
 */
export function MergeStoryDialog({ story, onClose }: { story: AdminStory | null; onClose: () => void }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [otherId, setOtherId] = useState<string | null>(null);
  useEffect(() => {
    if (!story) return;
    setSearch('');
    setOtherId(null);
  }, [story]);
  const query = useInfiniteQuery({
    ...adminStoriesQuery({ min_size: 1, ...(q ? { q } : {}) }),
    enabled: story !== null,
  });
  const candidates = (query.data?.pages.flatMap((page) => page.data) ?? []).filter((s) => s.id !== story?.id);
  const other = candidates.find((s) => s.id === otherId) ?? null;
  const merge = useAdminAction({
    run: mergeStories,
    success: t({ id: 'admin.stories.mergeDone', message: 'Stories merged' }),
    failure: t({ id: 'admin.stories.mergeFailed', message: 'Merge failed' }),
    successMessage: (result) =>
      t({
        id: 'admin.stories.mergeDoneMessage',
        message: plural(ph({ count: result.stories[0]?.summary_count ?? 0 }), {
          one: `“${ph({ headline: result.stories[0]?.headline ?? '' })}” now has # report`,
          other: `“${ph({ headline: result.stories[0]?.headline ?? '' })}” now has # reports`,
        }),
      }),
    onDone: onClose,
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t({ id: 'admin.actions.close', message: 'Close' }) }}
      opened={story !== null}
      onClose={onClose}
      title={t({ id: 'admin.stories.mergeTitle', message: 'Merge with another story' })}
      centered
      data-testid="merge-story-dialog"
    >
      <Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t({
            id: 'admin.stories.mergeInto',
            message: `Stays: “${ph({ headline: story?.headline ?? '' })}”`,
          })}
        </Text>
        <TextInput
          label={t({ id: 'admin.stories.mergeSearch', message: 'Find the story to merge in' })}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setOtherId(null);
          }}
          type="search"
          data-autofocus
          data-testid="merge-search"
        />
        <AdminQueryState
          query={query}
          loadingLabel={t({ id: 'admin.stories.loading', message: 'Loading stories' })}
        >
          {() =>
            candidates.length === 0 ? (
              <AdminEmpty>
                {t({ id: 'admin.stories.mergeNone', message: 'No other story matches' })}
              </AdminEmpty>
            ) : (
              <Radio.Group
                label={t({ id: 'admin.stories.mergeResults', message: 'Stories found' })}
                value={otherId}
                onChange={setOtherId}
              >
                <Stack gap="xs" mt="xs" mah={280} style={{ overflowY: 'auto' }}>
                  {candidates.map((s) => (
                    <Radio
                      key={s.id}
                      value={s.id}
                      data-testid="merge-candidate"
                      label={<span style={{ overflowWrap: 'anywhere' }}>{s.headline || '—'}</span>}
                      description={`${t({ id: 'admin.stories.size', message: plural(ph({ count: s.summary_count }), { one: `# report`, other: `# reports` }) })} · ${formatDateTime(s.last_seen_at, language)}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )
          }
        </AdminQueryState>
        {story && other ? (
          <Alert color="orange" data-testid="merge-explain">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t({
                id: 'admin.stories.mergeExplain',
                message: plural(ph({ count: other.summary_count }), {
                  one: `The # report of “${ph({ other: other.headline })}” moves into “${ph({ headline: story.headline })}”, and “${ph({ other: other.headline })}” is deleted.`,
                  other: `The # reports of “${ph({ other: other.headline })}” move into “${ph({ headline: story.headline })}”, and “${ph({ other: other.headline })}” is deleted.`,
                }),
              })}
            </Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t({ id: 'admin.actions.cancel', message: 'Cancel' })}
          </Button>
          <Button
            color="red"
            data-testid="merge-confirm"
            disabled={!other}
            loading={merge.isPending}
            onClick={() => story && other && merge.mutate({ storyId: story.id, otherId: other.id })}
          >
            {t({ id: 'admin.stories.mergeConfirm', message: 'Merge' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
