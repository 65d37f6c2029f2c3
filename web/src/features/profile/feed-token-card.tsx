import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import type { FeedTokenCreated } from '@app/contracts';
import { toLocale } from '@app/rules';
import { formatInstant } from '@app/time/format';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
  const { t } = useLingui();
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
    failedTitle: t({ id: 'account.feed.failed', message: 'The feed link could not be changed' }),
  });
  const { regenerate, busy } = actions;
  const url = created ? `${created.urls[format]}${language === 'zh' ? '?lang=zh' : ''}` : '';
  const active = status.data?.active ?? false;

  return (
    <SectionCard
      id="feed-token-title"
      title={t({ id: 'account.feed.title', message: 'Private feed of your favourites' })}
      description={t({
        id: 'account.feed.description',
        message:
          'Follow the summaries you star, and those of the sources you follow, in any feed reader (RSS, Atom or JSON Feed). Anyone with the link can read it: keep it to yourself.',
      })}
      testId="feed-token-card"
    >
      {status.isLoading && (
        <Loader size="sm" aria-label={t({ id: 'account.feed.loading', message: 'Loading' })} />
      )}
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
            aria-label={t({ id: 'account.feed.format', message: 'Feed format' })}
            style={{ alignSelf: 'flex-start' }}
          />
          <PrivateUrlField
            label={t({ id: 'account.feed.url', message: 'Your feed URL' })}
            url={url}
            note={t({
              id: 'account.feed.shownOnce',
              message:
                'This link is shown only now. Copy it into your feed reader; to see it again, make a new one.',
            })}
            testId="feed-token-url"
          />
          <CopyUrlButton
            url={url}
            label={t({ id: 'account.feed.copy', message: 'Copy link' })}
            copiedLabel={t({ id: 'account.feed.copied', message: 'Copied' })}
            style={{ alignSelf: 'flex-start' }}
            testId="feed-token-copy"
          />
        </Stack>
      )}
      {status.isSuccess && active && !created && (
        <Text fz="sm" data-testid="feed-token-active">
          {t({
            id: 'account.feed.active',
            message: `Your private feed link is on (made ${ph({
              date: formatInstant(status.data.created_at ?? Date.now(), toLocale(language), {
                date: 'medium',
              }),
            })}). Make a new one to copy it again: the old link then stops working.`,
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
            {active
              ? t({ id: 'account.feed.regenerate', message: 'Make a new link' })
              : t({ id: 'account.feed.create', message: 'Create feed link' })}
          </Button>
          {active && (
            <RevokeUrlButton
              actions={actions}
              label={t({ id: 'account.feed.revoke', message: 'Turn off' })}
              testId="feed-token-revoke"
            />
          )}
        </Group>
      )}
    </SectionCard>
  );
}
