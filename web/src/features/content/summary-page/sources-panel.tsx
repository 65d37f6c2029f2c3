import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { lazy, type ReactNode, useState } from 'react';
import { OnDemandDialog } from '../../ui/on-demand-dialog';

// The drawer's code (Mantine's Drawer and what it brings) is fetched when it is first opened.
const SourcesDrawer = lazy(() => import('./sources-drawer').then((m) => ({ default: m.SourcesDrawer })));

type Props = {
  isMobile: boolean;
  /** The mobile drawer's state; the page opens it from its header. */
  drawerOpen: boolean;
  onDrawerClose: () => void;
  /** The source tree. */
  children: ReactNode;
};

/** The data-source tree: a collapsible left sidebar on desktop, a left drawer under 640 px. */
export function SourcesPanel({ isMobile, drawerOpen, onDrawerClose, children }: Props) {
  const { t } = useLingui();
  const [sidebarOpen, setSidebarOpen] = useState(true);

  if (isMobile) {
    return (
      <OnDemandDialog opened={drawerOpen}>
        {(opened) => (
          <SourcesDrawer opened={opened} onClose={onDrawerClose}>
            {children}
          </SourcesDrawer>
        )}
      </OnDemandDialog>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p={4}
      w={sidebarOpen ? 300 : 44}
      style={{ flexShrink: 0, position: 'sticky', top: 72 }}
      data-testid="sources-sidebar"
    >
      <Group justify={sidebarOpen ? 'space-between' : 'center'} px={sidebarOpen ? 'xs' : 0} py={4}>
        {sidebarOpen ? (
          <Text fw={600} size="sm">
            {t({ id: 'content.summary.sources', message: 'Data sources' })}
          </Text>
        ) : null}
        <ActionIcon
          variant="subtle"
          aria-label={
            sidebarOpen
              ? t({ id: 'content.summary.collapseSidebar', message: 'Hide sources' })
              : t({ id: 'content.summary.expandSidebar', message: 'Show sources' })
          }
          onClick={() => setSidebarOpen((o) => !o)}
        >
          {sidebarOpen ? (
            <IconLayoutSidebarLeftCollapse size={18} />
          ) : (
            <IconLayoutSidebarLeftExpand size={18} />
          )}
        </ActionIcon>
      </Group>
      {sidebarOpen ? children : null}
    </Paper>
  );
}
