import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../../api/error-text';
import { SectionCard } from '../ui/section-card';
import { AnchorLink } from '../ui/router-links';
import { showErrorToast } from '../ui/toast';
import { digestNoteKey } from './follow-my-feed';
import { FollowMyFeedSwitch } from './follow-my-feed-switch';
import { newsletterAccountQueryOptions, setAccountFollowsMyFeed } from './newsletter-account-api';
import { DIGEST_NOTE_MESSAGES } from './newsletter-messages';

/** Profile: the reader's daily digest, and whether it follows their My feed instead of the picked topics. */
export function DigestFollowsCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(newsletterAccountQueryOptions());
  const save = useMutation({
    mutationFn: setAccountFollowsMyFeed,
    onSuccess: (answer) => queryClient.setQueryData(newsletterAccountQueryOptions().queryKey, answer),
    onError: (error) =>
      showErrorToast(
        t({ id: 'newsletter.followMyFeedFailed', message: 'Could not save the setting' }),
        errorText(t, error),
      ),
  });

  let body: ReactNode;
  if (query.isPending)
    body = <Loader size="sm" aria-label={t({ id: 'newsletter.digestTitle', message: 'Daily digest' })} />;
  else if (query.isError)
    body = (
      <Alert color="red">
        {t({
          id: 'newsletter.digestLoadFailed',
          message: 'Could not load your digest subscription. Please try again later.',
        })}
      </Alert>
    );
  else if (!query.data.subscription) {
    body = (
      <Group gap="xs" data-testid="digest-none">
        <Text fz="sm" c="gray.7">
          {t({
            id: 'newsletter.digestNone',
            message: 'Your email address does not get the daily digest yet.',
          })}
        </Text>
        <AnchorLink to="/" fz="sm">
          {t({ id: 'newsletter.digestSubscribe', message: 'Subscribe on the home page' })}
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
            {t(DIGEST_NOTE_MESSAGES[note])}
          </Text>
        )}
      </>
    );
  }
  const subscription = query.data?.subscription;
  return (
    <SectionCard
      id="digest-follows-title"
      title={t({ id: 'newsletter.digestTitle', message: 'Daily digest' })}
      description={
        subscription &&
        t({
          id: 'newsletter.digestFor',
          message: `Every day at 8 AM, ${ph({ zone: subscription.time_zone })}, to ${ph({ email: subscription.email })}`,
        })
      }
      testId="digest-follows-card"
    >
      {body}
    </SectionCard>
  );
}
