import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
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
  const { t } = useTranslation('admin');
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
    success: t('stories.mergeDone'),
    failure: t('stories.mergeFailed'),
    successMessage: (result) =>
      t('stories.mergeDoneMessage', {
        headline: result.stories[0]?.headline ?? '',
        count: result.stories[0]?.summary_count ?? 0,
      }),
    onDone: onClose,
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      opened={story !== null}
      onClose={onClose}
      title={t('stories.mergeTitle')}
      centered
      data-testid="merge-story-dialog"
    >
      <Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('stories.mergeInto', { headline: story?.headline ?? '' })}
        </Text>
        <TextInput
          label={t('stories.mergeSearch')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setOtherId(null);
          }}
          type="search"
          data-autofocus
          data-testid="merge-search"
        />
        <AdminQueryState query={query} loadingLabel={t('stories.loading')}>
          {() =>
            candidates.length === 0 ? (
              <AdminEmpty>{t('stories.mergeNone')}</AdminEmpty>
            ) : (
              <Radio.Group label={t('stories.mergeResults')} value={otherId} onChange={setOtherId}>
                <Stack gap="xs" mt="xs" mah={280} style={{ overflowY: 'auto' }}>
                  {candidates.map((s) => (
                    <Radio
                      key={s.id}
                      value={s.id}
                      data-testid="merge-candidate"
                      label={<span style={{ overflowWrap: 'anywhere' }}>{s.headline || '—'}</span>}
                      description={`${t('stories.size', { count: s.summary_count })} · ${formatDateTime(s.last_seen_at, language)}`}
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
              {t('stories.mergeExplain', {
                count: other.summary_count,
                other: other.headline,
                headline: story.headline,
              })}
            </Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            color="red"
            data-testid="merge-confirm"
            disabled={!other}
            loading={merge.isPending}
            onClick={() => story && other && merge.mutate({ storyId: story.id, otherId: other.id })}
          >
            {t('stories.mergeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
