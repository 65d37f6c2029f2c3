import { Alert, Group, Loader, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../../api/error-text';
import { useTranslation } from '../../i18n/react';
import { SectionCard } from '../ui/section-card';
import { AnchorLink } from '../ui/router-links';
import { showErrorToast } from '../ui/toast';
import { digestNoteKey } from './follow-my-feed';
import { FollowMyFeedSwitch } from './follow-my-feed-switch';
import { newsletterAccountQueryOptions, setAccountFollowsMyFeed } from './newsletter-account-api';

/** Profile: the reader's daily digest, and whether it follows their My feed instead of the picked topics. */
export function DigestFollowsCard() {
  const { t } = useTranslation('newsletter');
  const queryClient = useQueryClient();
  const query = useQuery(newsletterAccountQueryOptions());
  const save = useMutation({
    mutationFn: setAccountFollowsMyFeed,
    onSuccess: (answer) => queryClient.setQueryData(newsletterAccountQueryOptions().queryKey, answer),
    onError: (error) => showErrorToast(t('followMyFeedFailed'), errorText(t, error)),
  });

  let body: ReactNode;
  if (query.isPending) body = <Loader size="sm" aria-label={t('digestTitle')} />;
  else if (query.isError) body = <Alert color="red">{t('digestLoadFailed')}</Alert>;
  else if (!query.data.subscription) {
    body = (
      <Group gap="xs" data-testid="digest-none">
        <Text fz="sm" c="gray.7">
          {t('digestNone')}
        </Text>
        <AnchorLink to="/" fz="sm">
          {t('digestSubscribe')}
        </AnchorLink>
      </Group>
    );
  } else {
    const subscription = query.data.subscription;
    const note = digestNoteKey(subscription);
    body = (
      <>
        <FollowMyFeedSwitch
          checked={save.isPending ? save.variables : subscription.follows_my_feed}
          busy={save.isPending}
          onChange={(followsMyFeed) => save.mutate(followsMyFeed)}
        />
        {note && (
          <Text fz="sm" c="orange.9" data-testid="digest-note">
            {t(note)}
          </Text>
        )}
      </>
    );
  }
  const subscription = query.data?.subscription;
  return (
    <SectionCard
      id="digest-follows-title"
      title={t('digestTitle')}
      description={
        subscription && t('digestFor', { zone: subscription.time_zone, email: subscription.email })
      }
      testId="digest-follows-card"
    >
      {body}
    </SectionCard>
  );
}
