import type { FeedTokenCreated } from '@app/contracts';
import { toLocale } from '@app/rules';
import { formatInstant } from '@app/time/format';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { errorText } from '../../api/error-text';
import { useLanguage } from '../../i18n/language-provider';
import { CopyUrlButton, PrivateUrlField, RevokeUrlButton, usePrivateUrlActions } from '../ui/private-url';
import { SectionCard } from '../ui/section-card';
import { createFeedToken, feedTokenStatus, revokeFeedToken } from './feed-token-api';

type Format = keyof FeedTokenCreated['urls'];
const STATUS_KEY = ['me', 'feed-token'] as const;

/**
 * Profile (Pro): the private feed of the reader's favourites. The URL holds a secret kept only as a hash,
 * so it shows once, when made; making a new one or turning it off ends the old URL at once.
 */
export function FeedTokenCard() {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<FeedTokenCreated | null>(null);
  const [format, setFormat] = useState<Format>('rss');
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: feedTokenStatus,
  });
  const actions = usePrivateUrlActions({
    create: createFeedToken,
    revoke: revokeFeedToken,
    onCreated: (answer) => {
      setCreated(answer);
      queryClient.setQueryData(STATUS_KEY, { active: true, created_at: answer.created_at });
    },
    onRevoked: () => {
      setCreated(null);
      queryClient.setQueryData(STATUS_KEY, { active: false, created_at: null });
    },
    failedTitle: t('feed.failed'),
  });
  const { regenerate, busy } = actions;
  const url = created ? `${created.urls[format]}${language === 'zh' ? '?lang=zh' : ''}` : '';
  const active = status.data?.active ?? false;

  return (
    <SectionCard
      id="feed-token-title"
      title={t('feed.title')}
      description={t('feed.description')}
      testId="feed-token-card"
    >
      {status.isLoading && <Loader size="sm" aria-label={t('feed.loading')} />}
      {status.isError && <Alert color="red">{errorText(t, status.error)}</Alert>}
      {created && (
        <Stack gap="xs">
          <SegmentedControl
            value={format}
            onChange={(value) => setFormat(value as Format)}
            data={[
              { value: 'rss', label: 'RSS' },
              { value: 'atom', label: 'Atom' },
              { value: 'json', label: 'JSON Feed' },
            ]}
            aria-label={t('feed.format')}
            style={{ alignSelf: 'flex-start' }}
          />
          <PrivateUrlField
            label={t('feed.url')}
            url={url}
            note={t('feed.shownOnce')}
            testId="feed-token-url"
          />
          <CopyUrlButton
            url={url}
            label={t('feed.copy')}
            copiedLabel={t('feed.copied')}
            style={{ alignSelf: 'flex-start' }}
            testId="feed-token-copy"
          />
        </Stack>
      )}
      {status.isSuccess && active && !created && (
        <Text fz="sm" data-testid="feed-token-active">
          {t('feed.active', {
            date: formatInstant(status.data.created_at ?? Date.now(), toLocale(language), {
              date: 'medium',
            }),
          })}
        </Text>
      )}
      {status.isSuccess && (
        <Group gap="xs">
          <Button
            onClick={() => regenerate.mutate()}
            loading={regenerate.isPending}
            disabled={busy}
            data-testid="feed-token-create"
          >
            {active ? t('feed.regenerate') : t('feed.create')}
          </Button>
          {active && (
            <RevokeUrlButton actions={actions} label={t('feed.revoke')} testId="feed-token-revoke" />
          )}
        </Group>
      )}
    </SectionCard>
  );
}
