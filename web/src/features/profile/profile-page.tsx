import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { ChangePasswordCard } from '../account/change-password-card';
import { SignOutEverywhereCard } from '../account/sign-out-everywhere-card';
import { useAuth } from '../auth/auth-provider';
import { SubscriptionPanel } from '../billing/subscription-panel';
import { DigestFollowsCard } from '../newsletter/digest-follows-card';
import { ReadingSettingsCard } from '../reading/reading-settings-card';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { FeedTokenCard } from './feed-token-card';
import { useErrorText } from '../../api/error-text';

function DisplayNameField() {
  const { t } = useLingui();
  const describeError = useErrorText();
  const { profile, updateProfile } = useAuth();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const current = profile?.display_name ?? null;

  const startEditing = () => {
    setValue(current ?? '');
    setEditing(true);
  };

  const save = async () => {
    setSaving(true);
    try {
      await updateProfile(value.trim() === '' ? null : value.trim());
      showSuccessToast(t({ id: 'shared.profile.updateSuccess', message: 'Profile updated' }));
      setEditing(false);
    } catch (error) {
      showErrorToast(
        t({ id: 'shared.profile.updateFailed', message: 'Failed to update profile' }),
        describeError(error),
      );
    } finally {
      setSaving(false);
    }
  };

  if (editing) {
    return (
      <Stack gap="xs">
        <TextInput
          label={t({ id: 'shared.profile.displayName', message: 'Display name' })}
          placeholder={t({ id: 'shared.profile.displayNamePlaceholder', message: 'Enter a display name' })}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          disabled={saving}
          data-autofocus
        />
        <Group gap="xs">
          <Button onClick={save} loading={saving}>
            {t({ id: 'shared.common.save', message: 'Save' })}
          </Button>
          <Button variant="default" onClick={() => setEditing(false)} disabled={saving}>
            {t({ id: 'shared.common.cancel', message: 'Cancel' })}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {t({ id: 'shared.profile.displayName', message: 'Display name' })}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text
          c={current ? undefined : 'dimmed'}
          data-testid="display-name"
          style={{ wordBreak: 'break-word' }}
        >
          {current ?? t({ id: 'shared.common.notSet', message: 'Not set' })}
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={startEditing}
        >
          {t({ id: 'shared.common.edit', message: 'Edit' })}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /profile: account details, display name, the subscription panel, the digest, reading settings,
 * password and sessions.
 */
function ProfileScreen() {
  const { t } = useLingui();
  const { user, isAdmin, isPro } = useAuth();
  useDocumentTitle(t({ id: 'shared.profile.title', message: 'Profile' }));

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t({ id: 'shared.profile.title', message: 'Profile' })}
          </Title>
          <Text c="dimmed">
            {t({ id: 'shared.profile.subtitle', message: 'Manage your account information' })}
          </Text>
        </Stack>
        <Card p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <TextInput
              variant="filled"
              label={t({ id: 'shared.profile.email', message: 'Email' })}
              value={user?.email ?? ''}
              readOnly
              description={t({ id: 'shared.profile.emailHint', message: 'Email cannot be changed' })}
            />
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                {t({ id: 'shared.profile.role', message: 'Role' })}
              </Text>
              <Badge color={isAdmin ? 'red' : 'gray'} variant="light" data-testid="role-badge">
                {isAdmin
                  ? t({ id: 'shared.profile.roleAdmin', message: 'Admin' })
                  : t({ id: 'shared.profile.roleUser', message: 'User' })}
              </Badge>
            </Stack>
            <DisplayNameField />
          </Stack>
        </Card>
        <SubscriptionPanel />
        <DigestFollowsCard />
        <ReadingSettingsCard />
        {isPro && <FeedTokenCard />}
        <ChangePasswordCard />
        <SignOutEverywhereCard />
      </Stack>
    </Container>
  );
}

export function ProfilePage() {
  return (
    <LinguiScreen namespaces={['account']}>
      <ProfileScreen />
    </LinguiScreen>
  );
}
