import { useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { FollowTarget } from '../../queries/reading';
import type { FollowButtonProps } from './follow-button';
import { takePendingFollow } from './pending-follow';
import { useFollows } from './use-follows';

/**
 * A signed-in reader's Follow toggle (pressed: following), shown changed at once and put back, with a
 * toast, if the server refuses. A Follow pressed before signing in is made when it first shows.
 */
export function FollowToggle({ target, onBanner = false }: FollowButtonProps & { target: FollowTarget }) {
  const { t } = useLingui();
  const follows = useFollows();
  const following = follows.isFollowing(target);
  const ready = Boolean(follows.data);
  // Back from signing in after pressing Follow as a visitor: the follow is made now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when what is followed is known
  useEffect(() => {
    if (ready && takePendingFollow(target) && !following) follows.toggle(target);
  }, [ready]);
  return (
    <Button
      variant={onBanner ? 'white' : following ? 'light' : 'default'}
      size={onBanner ? 'md' : 'sm'}
      leftSection={following ? <IconCheck size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />}
      loading={follows.isLoading}
      aria-pressed={following}
      onClick={() => follows.toggle(target)}
      data-testid="follow-button"
      data-following={following}
    >
      {following
        ? t({ id: 'reading.follow.following', message: 'Following' })
        : t({ id: 'reading.follow.follow', message: 'Follow' })}
    </Button>
  );
}
