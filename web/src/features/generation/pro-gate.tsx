import { Alert, Container, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAuth } from '../auth/auth-provider';
import { usePaymentsMode } from '../../queries/config';
import { CenteredLoader } from '../ui/centered-loader';
import { ButtonLink } from '../ui/router-links';

/** Generation and its history are for Pro users and admins (spec §6); others see the way to the plans. */
export function ProGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('generation');
  const { isPro, isAdmin, profileLoading, profile } = useAuth();
  const payments = usePaymentsMode();
  if (!profile && profileLoading) return <CenteredLoader />;
  if (isPro || isAdmin) return <>{children}</>;
  return (
    <Container size="sm" py="xl" data-testid="pro-required">
      <Alert color="yellow" icon={<IconLock size={18} />} title={t('proRequired.title')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('proRequired.text')}</Text>
          {payments === 'off' ? (
            <Text size="sm" fw={600} data-testid="payments-off">
              {t('proRequired.paymentsOff')}
            </Text>
          ) : (
            <ButtonLink to="/pricing" size="xs">
              {t('proRequired.cta')}
            </ButtonLink>
          )}
        </Stack>
      </Alert>
    </Container>
  );
}
