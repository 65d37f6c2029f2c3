import { Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from '../../i18n/react';
import type { SHORTCUTS, ShortcutAction } from './list-shortcuts';

const DESCRIPTIONS: Record<
  ShortcutAction,
  'next' | 'previous' | 'toggle' | 'favorite' | 'read' | 'search' | 'help'
> = {
  next: 'next',
  previous: 'previous',
  open: 'toggle',
  favorite: 'favorite',
  toggleRead: 'read',
  search: 'search',
  help: 'help',
};

/** The summary list's keys, listed (opened with "?"; fetched the first time it opens). */
export function ShortcutsDialog({
  opened,
  onClose,
  shortcuts,
}: {
  opened: boolean;
  onClose: () => void;
  /** list-shortcuts.ts SHORTCUTS (given, not imported: this chunk then shares no module with the page's). */
  shortcuts: typeof SHORTCUTS;
}) {
  const { t } = useTranslation('reading');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shortcuts.title')}
      closeButtonProps={{ 'aria-label': t('shortcuts.close') }}
      centered
    >
      <Stack gap="sm" data-testid="shortcuts-dialog">
        <Text size="sm">{t('shortcuts.intro')}</Text>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '8px 16px' }}>
          {shortcuts.map(({ keys, action }) => (
            <Fragment key={action}>
              <dt>
                <Group gap={4} wrap="nowrap">
                  {keys.map((key, index) => (
                    <Fragment key={key}>
                      {index > 0 ? (
                        <Text component="span" size="xs">
                          {t('shortcuts.or')}
                        </Text>
                      ) : null}
                      <Kbd>{key}</Kbd>
                    </Fragment>
                  ))}
                </Group>
              </dt>
              <dd style={{ margin: 0 }}>
                <Text size="sm">{t(`shortcuts.${DESCRIPTIONS[action]}`)}</Text>
              </dd>
            </Fragment>
          ))}
        </dl>
      </Stack>
    </Modal>
  );
}
