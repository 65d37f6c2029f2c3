import { Switch } from '@mantine/core';
import { useTranslation } from '../../i18n/react';

/** "Follow My feed": the digest takes the reader's followed topics and sources (profile, management page). */
export function FollowMyFeedSwitch(props: {
  checked: boolean;
  busy: boolean;
  onChange: (followsMyFeed: boolean) => void;
}) {
  const { t } = useTranslation('newsletter');
  return (
    <Switch
      label={t('followMyFeed')}
      description={t('followMyFeedHint')}
      checked={props.checked}
      disabled={props.busy}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      data-testid="follow-my-feed-switch"
    />
  );
}
