import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../i18n/react';

/**
 * How many are unread: "3 unread", or only "3" where `compact` (a screen reader still hears "3 unread").
 * Nothing when none is.
 */
export function UnreadBadge({ count, compact = false }: { count: number | undefined; compact?: boolean }) {
  const { t } = useTranslation('reading');
  if (!count) return null;
  const text = t('unread.count', { count });
  return (
    <>
      <Badge
        component="span"
        size="sm"
        variant="filled"
        color="brand"
        data-testid="unread-count"
        style={{ flexShrink: 0 }}
        aria-hidden={compact}
      >
        {compact ? count : text}
      </Badge>
      {compact ? <VisuallyHidden component="span">{text}</VisuallyHidden> : null}
    </>
  );
}
