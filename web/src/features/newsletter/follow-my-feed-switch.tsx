import { useLingui } from '@lingui/react/macro';
import { Switch } from '@mantine/core';

/** "Follow My feed": the digest takes the reader's followed topics and sources (profile, management page). */
export function FollowMyFeedSwitch(props: {
  checked: boolean;
  busy: boolean;
  onChange: (followsMyFeed: boolean) => void;
}) {
  const { t } = useLingui();
  return (
    <Switch
      label={t({ id: 'newsletter.followMyFeed', message: 'Follow My feed' })}
      description={t({
        id: 'newsletter.followMyFeedHint',
        message:
          'The digest brings the topics and sources you follow instead of the topics you picked; if you follow nothing, it keeps your topics.',
      })}
      checked={props.checked}
      disabled={props.busy}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      data-testid="follow-my-feed-switch"
    />
  );
}
