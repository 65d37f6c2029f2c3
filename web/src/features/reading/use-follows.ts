import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorText } from '../../api/error-text';
import {
  type FollowsResponse,
  type FollowTarget,
  followsQueryOptions,
  followsWith,
  isFollowedList,
  isFollowing,
  readingKeys,
  setFollow,
} from '../../queries/reading';
import { useAuth } from '../auth/auth-provider';
import { showErrorToast } from '../ui/toast';

const FOLLOW_MUTATION = ['reading', 'follow'] as const;

/**
 * What the signed-in reader follows, and the toggle: the change shows at once and is put back (with
 * a toast saying why) when the server refuses it, e.g. a topic removed since the page was loaded.
 */
export function useFollows() {
  const { t } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const key = readingKeys.follows(userId ?? '');
  const queryClient = useQueryClient();
  const follows = useQuery(followsQueryOptions(userId));

  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failed load, not per render
  useEffect(() => {
    if (!follows.error) return;
    showErrorToast(
      t({ id: 'reading.follow.loadFailed', message: 'Could not load what you follow' }),
      errorText(t, follows.error),
      { id: 'follows-load-failed' },
    );
  }, [follows.errorUpdatedAt]);

  const mutation = useMutation({
    mutationKey: FOLLOW_MUTATION,
    mutationFn: ({ target, on }: { target: FollowTarget; on: boolean }) => setFollow(target, on),
    onMutate: async ({ target, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FollowsResponse>(key);
      if (previous) queryClient.setQueryData(key, followsWith(previous, target, on));
      return { previous };
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
      showErrorToast(
        t({ id: 'reading.follow.failed', message: 'Could not update what you follow' }),
        errorText(t, error),
      );
    },
    onSuccess: (answer) => {
      // The server's list, unless another change is still on its way (its own answer follows).
      if (queryClient.isMutating({ mutationKey: FOLLOW_MUTATION }) <= 1)
        queryClient.setQueryData(key, answer);
    },
    onSettled: () => {
      // My feed holds what is followed; the counts of what is followed change with it.
      void queryClient.invalidateQueries({ predicate: isFollowedList });
      void queryClient.invalidateQueries({ queryKey: readingKeys.unreadCountsAll });
    },
  });

  return {
    data: follows.data,
    isLoading: follows.isLoading,
    isError: follows.isError,
    isFollowing: (target: Pick<FollowTarget, 'kind' | 'id'>) => isFollowing(follows.data, target),
    /** Follows or unfollows (whichever it is not). */
    toggle(target: FollowTarget) {
      mutation.mutate({ target, on: !isFollowing(follows.data, target) });
    },
  };
}
