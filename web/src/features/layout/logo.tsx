import { useLingui } from '@lingui/react/macro';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import classes from './layout.module.css';

/** The brand mark; always links home (/ or /zh through the router's rewrite). */
type Props = {
  onNavigate?: () => void;
  /** In the bar: the name hides until the bar has room for it (90em). */
  compact?: boolean;
  testId?: string;
};

export function Logo({ onNavigate, compact = false, testId }: Props) {
  const { t } = useLingui();
  return (
    <Link
      to="/"
      onClick={onNavigate}
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label={t({ id: 'shared.common.appName', message: 'Daily Curated' })}
      data-testid={testId}
      className={classes.fixed}
    >
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="gradient" gradient={{ from: 'brand.6', to: 'violet.5' }}>
          <IconSparkles size={18} aria-hidden />
        </ThemeIcon>
        <Text
          fw={800}
          fz="lg"
          style={{ whiteSpace: 'nowrap' }}
          className={compact ? classes.hideBelowWide : undefined}
        >
          {t({ id: 'shared.common.appName', message: 'Daily Curated' })}
        </Text>
      </Group>
    </Link>
  );
}
