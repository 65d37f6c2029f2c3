import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../i18n/message-for';
import { SHORTCUTS_MESSAGES } from './reading-messages';
import { Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
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
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t({ id: 'reading.shortcuts.title', message: 'Keyboard shortcuts' })}
      closeButtonProps={{ 'aria-label': t({ id: 'reading.shortcuts.close', message: 'Close' }) }}
      centered
    >
      <Stack gap="sm" data-testid="shortcuts-dialog">
        <Text size="sm">
          {t({
            id: 'reading.shortcuts.intro',
            message: 'On the summary list, when you are not typing in a field:',
          })}
        </Text>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '8px 16px' }}>
          {shortcuts.map(({ keys, action }) => (
            <Fragment key={action}>
              <dt>
                <Group gap={4} wrap="nowrap">
                  {keys.map((key, index) => (
                    <Fragment key={key}>
                      {index > 0 ? (
                        <Text component="span" size="xs">
                          {t({ id: 'reading.shortcuts.or', message: 'or' })}
                        </Text>
                      ) : null}
                      <Kbd>{key}</Kbd>
                    </Fragment>
                  ))}
                </Group>
              </dt>
              <dd style={{ margin: 0 }}>
                <Text size="sm">{t(messageFor(SHORTCUTS_MESSAGES, DESCRIPTIONS[action]))}</Text>
              </dd>
            </Fragment>
          ))}
        </dl>
      </Stack>
    </Modal>
  );
}
