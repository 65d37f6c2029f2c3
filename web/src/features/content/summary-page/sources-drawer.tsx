import { useLingui } from '@lingui/react/macro';
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** The source tree's drawer on phones, fetched when it is first opened (see SourcesPanel). */
export function SourcesDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size="85%"
      title={t({ id: 'content.summary.sources', message: 'Data sources' })}
      data-testid="sources-drawer"
    >
      {children}
    </Drawer>
  );
}
