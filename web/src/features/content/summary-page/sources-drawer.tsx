import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';

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
  const { t } = useTranslation('content');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size="85%"
      title={t('summary.sources')}
      data-testid="sources-drawer"
    >
      {children}
    </Drawer>
  );
}
