import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Badge, VisuallyHidden } from '@mantine/core';

/**
 * How many are unread: "3 unread", or only "3" where `compact` (a screen reader still hears "3 unread").
 * Nothing when none is.
 */
export function UnreadBadge({ count, compact = false }: { count: number | undefined; compact?: boolean }) {
  const { t } = useLingui();
  if (!count) return null;
  const text = t({
    id: 'reading.unread.count',
    message: plural(count, { one: `# unread`, other: `# unread` }),
  });
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
