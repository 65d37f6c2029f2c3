import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import type { TopicDto } from '../../queries/content';
import { useAuth } from '../auth/auth-provider';
import type { CardReading } from '../content/summary-page/summary-list';
import { CardMenu, ReadMarker, ReadToggle } from './card-reading';
import { ForYouReason } from './for-you-reason';
import { targetName } from './card-targets';
import { takeAnyPendingFollow } from './pending-follow';
import { useFollows } from './use-follows';
import { useReadState } from './use-read-state';

type Options = {
  language: 'en' | 'zh';
  /** Names the topics of a "For you" card's reason (a page without that order has none). */
  topics?: TopicDto[] | undefined;
};

/**
 * What a signed-in reader's summary cards add on every page that lists them: the read marker, the
 * read toggle and menu, and marking read on opening (a story's card with its matching reports).
 * A visitor's cards add nothing, and nothing is sent. `announcer` is the page's live region.
 */
export function useCardReading({ language, topics }: Options) {
  const { isAuthenticated } = useAuth();
  const follows = useFollows();
  const readState = useReadState();
  const { t } = useLingui();
  // Back from signing in after pressing Follow on a card as a visitor: the follow is made now, and said.
  const ready = isAuthenticated && Boolean(follows.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when what is followed is known
  useEffect(() => {
    if (!ready) return;
    const target = takeAnyPendingFollow();
    if (!target) return;
    if (!follows.isFollowing(target)) follows.toggle(target);
    readState.announce(
      t({
        id: 'reading.follow.nowFollowing',
        message: `You now follow ${ph({ name: targetName(target, language) })}`,
      }),
    );
  }, [ready]);

  const cardReading: CardReading | undefined = isAuthenticated
    ? {
        extras: (summary) => ({
          readMarker: <ReadMarker />,
          note: summary.reason ? (
            <ForYouReason summary={summary} reason={summary.reason} topics={topics} language={language} />
          ) : undefined,
          actions: (
            <>
              <ReadToggle
                isRead={summary.read === true}
                onToggle={() => readState.setRead(summary, summary.read !== true)}
              />
              <CardMenu
                summary={summary}
                language={language}
                isFollowing={follows.isFollowing}
                onFollow={follows.toggle}
              />
            </>
          ),
        }),
        onOpen: (summary) => {
          if (summary.read !== true) readState.setRead(summary, true, { announce: false });
        },
      }
    : undefined;

  return {
    cardReading,
    readState,
    follows,
    /** Says what the reader changed (screen readers hear it). */
    announcer: (
      <VisuallyHidden role="status" data-testid="reading-announcer">
        {readState.announcement}
      </VisuallyHidden>
    ),
  };
}
