import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { Menu } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useOpenedOnMount } from '../ui/deferred';
import { cardTargets, targetName } from './card-targets';
import type { CardMenuButton, CardMenuProps } from './card-reading';

/** The card's menu itself (fetched on first use, card-reading.tsx); opens as it mounts. */
export function CardMenuPopup({
  summary,
  language,
  isFollowing,
  onFollow,
  openOnMount,
  Button,
}: CardMenuProps & {
  openOnMount: boolean;
  /** The card's menu button (given, not imported: this chunk then shares no module with the page's). */
  Button: typeof CardMenuButton;
}) {
  const { t } = useLingui();
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  const { source, topic } = cardTargets(summary);
  const sourceName = source ? targetName(source, language) : '';
  const topicName = topic ? targetName(topic, language) : '';

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={260} zIndex={300}>
      <Menu.Target>
        <Button ref={targetRef} />
      </Menu.Target>
      <Menu.Dropdown>
        {source ? (
          <FollowItem
            following={isFollowing(source)}
            label={
              isFollowing(source)
                ? t({
                    id: 'reading.follow.menuUnfollowSource',
                    message: `Unfollow ${ph({ name: sourceName })}`,
                  })
                : t({ id: 'reading.follow.menuFollowSource', message: `Follow ${ph({ name: sourceName })}` })
            }
            onClick={() => onFollow(source)}
            testId="menu-follow-source"
          />
        ) : null}
        {topic ? (
          <FollowItem
            following={isFollowing(topic)}
            label={
              isFollowing(topic)
                ? t({
                    id: 'reading.follow.menuUnfollowTopic',
                    message: `Unfollow the topic ${ph({ name: topicName })}`,
                  })
                : t({
                    id: 'reading.follow.menuFollowTopic',
                    message: `Follow the topic ${ph({ name: topicName })}`,
                  })
            }
            onClick={() => onFollow(topic)}
            testId="menu-follow-topic"
          />
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

function FollowItem(props: { following: boolean; label: string; onClick: () => void; testId: string }) {
  return (
    <Menu.Item
      leftSection={props.following ? <IconCheck size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.label}
    </Menu.Item>
  );
}
