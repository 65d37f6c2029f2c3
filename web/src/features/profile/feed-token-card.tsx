import type { FeedTokenCreated } from '@app/contracts';
import { toLocale } from '@app/rules';
import { formatInstant } from '@app/time/format';
import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { errorText } from '../../api/error-text';
import { useLanguage } from '../../i18n/language-provider';
import { showErrorToast } from '../ui/toast';
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
  const regenerate = useMutation({
    mutationFn: createFeedToken,
    onSuccess: (answer) => {
      setCreated(answer);
      queryClient.setQueryData(STATUS_KEY, { active: true, created_at: answer.created_at });
    },
    onError: (error) => showErrorToast(t('feed.failed'), errorText(t, error)),
  });
  const revoke = useMutation({
    mutationFn: revokeFeedToken,
    onSuccess: () => {
      setCreated(null);
      queryClient.setQueryData(STATUS_KEY, { active: false, created_at: null });
    },
    onError: (error) => showErrorToast(t('feed.failed'), errorText(t, error)),
  });
  const url = created ? `${created.urls[format]}${language === 'zh' ? '?lang=zh' : ''}` : '';
  const active = status.data?.active ?? false;
  const busy = regenerate.isPending || revoke.isPending;

  return (
    <Card
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="feed-token-title"
      data-testid="feed-token-card"
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="feed-token-title">
            {t('feed.title')}
          </Title>
          <Text fz="sm" c="gray.7">
            {t('feed.description')}
          </Text>
        </Stack>
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
            <TextInput
              label={t('feed.url')}
              value={url}
              readOnly
              data-testid="feed-token-url"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Text fz="xs" c="gray.7">
              {t('feed.shownOnce')}
            </Text>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="feed-token-copy"
                >
                  {copied ? t('feed.copied') : t('feed.copy')}
                </Button>
              )}
            </CopyButton>
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
              <Button
                variant="outline"
                color="red"
                onClick={() => revoke.mutate()}
                loading={revoke.isPending}
                disabled={busy}
                data-testid="feed-token-revoke"
              >
                {t('feed.revoke')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
