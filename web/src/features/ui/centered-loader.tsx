import { useLingui } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';

export function CenteredLoader({ label, minHeight = 320 }: { label?: string; minHeight?: number | string }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        {label ? <Text c="dimmed">{label}</Text> : null}
      </Stack>
    </Center>
  );
}

/**
 * The router's pending screen, shown when a route's code chunk or strings take longer than the
 * router's pendingMs (a second) to arrive: a labelled spinner, announced politely.
 */
export function RoutePending() {
  const { t } = useLingui();
  return (
    <div data-testid="route-pending">
      <CenteredLoader label={t({ id: 'shared.common.loading', message: 'Loading...' })} />
    </div>
  );
}
