import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { Alert, Container, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAuth } from '../auth/auth-provider';
import { usePaymentsMode } from '../../queries/config';
import { CenteredLoader } from '../ui/centered-loader';
import { ButtonLink } from '../ui/router-links';

/** Generation and its history are for Pro users and admins (spec §6); others see the way to the plans. */
function ProGateScreen({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { isPro, isAdmin, profileLoading, profile } = useAuth();
  const payments = usePaymentsMode();
  if (!profile && profileLoading) return <CenteredLoader />;
  if (isPro || isAdmin) return <>{children}</>;
  return (
    <Container size="sm" py="xl" data-testid="pro-required">
      <Alert
        color="yellow"
        icon={<IconLock size={18} />}
        title={t({ id: 'generation.proRequired.title', message: 'Pro feature' })}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {t({
              id: 'generation.proRequired.text',
              message: 'Content generation and its history are part of the Pro plan.',
            })}
          </Text>
          {payments === 'off' ? (
            <Text size="sm" fw={600} data-testid="payments-off">
              {t({
                id: 'generation.proRequired.paymentsOff',
                message: 'Payments are not available right now',
              })}
            </Text>
          ) : (
            <ButtonLink to="/pricing" size="xs">
              {t({ id: 'generation.proRequired.cta', message: 'See plans' })}
            </ButtonLink>
          )}
        </Stack>
      </Alert>
    </Container>
  );
}

export function ProGate(props: { children: ReactNode }) {
  return (
    <LinguiScreen namespaces={['generation']}>
      <ProGateScreen {...props} />
    </LinguiScreen>
  );
}
