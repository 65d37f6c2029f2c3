import { Alert, Card } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useErrorText } from '../../api/error-text';
import { FollowMyFeedSwitch } from '../newsletter/follow-my-feed-switch';
import { saveFollowsMyFeed, subscriptionsQueryOptions } from './unsubscribe-api';

/** The management page, for a subscription that belongs to an account: the digest follows My feed. */
export function FollowMyFeedSetting({ token, checked }: { token: string; checked: boolean }) {
  const describeError = useErrorText();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (followsMyFeed: boolean) => saveFollowsMyFeed(token, followsMyFeed),
    onSuccess: (response) =>
      queryClient.setQueryData(subscriptionsQueryOptions(token).queryKey, (old) =>
        old ? { ...old, follows_my_feed: response.follows_my_feed } : old,
      ),
    onError: (error) => console.error('saving the My feed setting failed', error),
  });
  return (
    <Card withBorder radius="md" padding="md" data-testid="unsubscribe-follow-my-feed">
      <FollowMyFeedSwitch
        checked={save.isPending ? save.variables : checked}
        busy={save.isPending}
        onChange={(followsMyFeed) => save.mutate(followsMyFeed)}
      />
      {save.isError && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {describeError(save.error)}
        </Alert>
      )}
    </Card>
  );
}
