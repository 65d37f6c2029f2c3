import { Badge, Button, Card, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ChangePasswordCard } from '../account/change-password-card';
import { SignOutEverywhereCard } from '../account/sign-out-everywhere-card';
import { useAuth } from '../auth/auth-provider';
import { SubscriptionPanel } from '../billing/subscription-panel';
import { DigestFollowsCard } from '../newsletter/digest-follows-card';
import { ReadingSettingsCard } from '../reading/reading-settings-card';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { FeedTokenCard } from './feed-token-card';
import { errorText } from '../../api/error-text';

function DisplayNameField() {
  const { t } = useTranslation();
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
      showSuccessToast(t('profile.updateSuccess'));
      setEditing(false);
    } catch (error) {
      showErrorToast(t('profile.updateFailed'), errorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  if (editing) {
    return (
      <Stack gap="xs">
        <TextInput
          label={t('profile.displayName')}
          placeholder={t('profile.displayNamePlaceholder')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          disabled={saving}
          data-autofocus
        />
        <Group gap="xs">
          <Button onClick={save} loading={saving}>
            {t('common.save')}
          </Button>
          <Button variant="default" onClick={() => setEditing(false)} disabled={saving}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {t('profile.displayName')}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text
          c={current ? undefined : 'dimmed'}
          data-testid="display-name"
          style={{ wordBreak: 'break-word' }}
        >
          {current ?? t('common.notSet')}
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={startEditing}
        >
          {t('common.edit')}
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
  const { t } = useTranslation();
  const { user, isAdmin, isPro } = useAuth();
  useDocumentTitle(t('profile.title'));

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('profile.title')}
          </Title>
          <Text c="dimmed">{t('profile.subtitle')}</Text>
        </Stack>
        <Card p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <TextInput
              variant="filled"
              label={t('profile.email')}
              value={user?.email ?? ''}
              readOnly
              description={t('profile.emailHint')}
            />
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                {t('profile.role')}
              </Text>
              <Badge color={isAdmin ? 'red' : 'gray'} variant="light" data-testid="role-badge">
                {t(isAdmin ? 'profile.roleAdmin' : 'profile.roleUser')}
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
