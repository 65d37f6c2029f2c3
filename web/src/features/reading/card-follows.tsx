import { useLingui } from '@lingui/react/macro';
import type { SummaryDto } from '@app/contracts';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { FollowTarget } from '../../queries/reading';
import { useAuth } from '../auth/auth-provider';
import { cardTargets, targetName } from './card-targets';
import { rememberFollow } from './pending-follow';
import { useFollows } from './use-follows';

/**
 * An opened card's Follow buttons, for its source and its topic. A signed-in reader's are toggles; a
 * visitor's send them to sign in, and the follow is made on the list they come back to
 * (useCardReading). Fetched with the first card opened (summary-card.tsx).
 */
export function CardFollows({ summary, language }: { summary: SummaryDto; language: 'en' | 'zh' }) {
  const { isAuthenticated, loading } = useAuth();
  const { source, topic } = cardTargets(summary);
  const names = {
    source: source ? targetName(source, language) : '',
    topic: topic ? targetName(topic, language) : '',
  };
  const targets = [source, topic].flatMap((target) => (target ? [target] : []));
  if (targets.length === 0) return null;
  return (
    <Group gap="xs" data-testid="card-follows">
      {isAuthenticated ? (
        <ReaderButtons targets={targets} names={names} />
      ) : (
        targets.map((target) => (
          <VisitorButton key={target.kind} target={target} name={names[target.kind]} disabled={loading} />
        ))
      )}
    </Group>
  );
}

/** "Follow X" / "Following X", for a source or a topic. */
function useLabel() {
  const { t } = useLingui();
  return (target: FollowTarget, name: string, on: boolean) => {
    if (target.kind === 'source')
      return on
        ? t({ id: 'reading.follow.followingName', message: `Following ${name}` })
        : t({ id: 'reading.follow.menuFollowSource', message: `Follow ${name}` });
    return on
      ? t({ id: 'reading.follow.followingTopic', message: `Following the topic ${name}` })
      : t({ id: 'reading.follow.menuFollowTopic', message: `Follow the topic ${name}` });
  };
}

function VisitorButton({
  target,
  name,
  disabled,
}: {
  target: FollowTarget;
  name: string;
  disabled: boolean;
}) {
  const label = useLabel();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconPlus size={14} aria-hidden />}
      disabled={disabled}
      onClick={() => {
        rememberFollow(target);
        void navigate({ to: '/auth', search: { redirect: location.href } });
      }}
      data-testid={`card-follow-${target.kind}`}
    >
      {label(target, name, false)}
    </Button>
  );
}

function ReaderButtons({
  targets,
  names,
}: {
  targets: FollowTarget[];
  names: Record<FollowTarget['kind'], string>;
}) {
  const label = useLabel();
  const follows = useFollows();
  return targets.map((target) => {
    const on = follows.isFollowing(target);
    return (
      <Button
        key={target.kind}
        variant={on ? 'light' : 'default'}
        size="xs"
        leftSection={on ? <IconCheck size={14} aria-hidden /> : <IconPlus size={14} aria-hidden />}
        loading={follows.isLoading}
        aria-pressed={on}
        onClick={() => follows.toggle(target)}
        data-testid={`card-follow-${target.kind}`}
      >
        {label(target, names[target.kind], on)}
      </Button>
    );
  });
}
