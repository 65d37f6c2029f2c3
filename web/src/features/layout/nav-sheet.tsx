import { useLingui } from '@lingui/react/macro';
import { Divider, Drawer, ScrollArea, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Logo } from './logo';
import { NavAccount, NavLinks } from './nav-items';

type Props = { opened: boolean; onClose: () => void };

/**
 * The side sheet under 768 px (fetched when the burger is first used, navbar.tsx). It mounts closed and
 * opens right after, so the drawer's focus handling sees a normal opening (Escape gives focus back to
 * the burger).
 */
export function NavSheet({ opened, onClose }: Props) {
  const { t } = useLingui();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Drawer
      opened={mounted && opened}
      onClose={onClose}
      position="right"
      size="80%"
      title={<Logo onNavigate={onClose} />}
      zIndex={300}
      closeButtonProps={{ 'aria-label': t({ id: 'shared.nav.closeMenu', message: 'Close navigation' }) }}
    >
      {/* Vertical scrolling only: a long name is cut with an ellipsis instead of widening the sheet. */}
      <ScrollArea.Autosize mah="calc(100dvh - 80px)" scrollbars="y" styles={{ content: { minWidth: 0 } }}>
        <Stack gap="sm" data-testid="nav-drawer">
          <NavLinks layout="sheet" onNavigate={onClose} />
          <Divider />
          <NavAccount layout="sheet" onNavigate={onClose} />
        </Stack>
      </ScrollArea.Autosize>
    </Drawer>
  );
}
