import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { sortPlatforms } from '@app/rules';
import { Badge, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useDeferredComponent } from '../../ui/deferred';
import { platformOptions } from '../platform-options';

const VISIBLE_CHIPS = 3;

export type PlatformFilterProps = { value: string[]; onChange: (next: string[]) => void };

/** The filter's button with its chips: the same before and after the popover's code has arrived. */
export function PlatformButton({
  value,
  ...rest
}: { value: string[] } & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style' | 'value'>) {
  const { t } = useLingui();
  const options = platformOptions(t);
  const label = (id: string) => options.find((option) => option.value === id)?.label ?? id;
  const chosen = sortPlatforms(value);
  return (
    <UnstyledButton
      data-testid="platform-filter"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        padding: '5px 10px',
        minHeight: 36,
        width: '100%',
      }}
      {...rest}
    >
      {/* The name says what the button is and keeps the chips it shows (WCAG 2.5.3). */}
      <VisuallyHidden>{t({ id: 'content.summary.platforms', message: 'Platforms' })}: </VisuallyHidden>
      {/* Inside a button: phrasing content only (spans). */}
      <Group component="span" justify="space-between" wrap="nowrap" gap={4}>
        {value.length === 0 ? (
          <Text component="span" size="sm" c="dimmed">
            {t({ id: 'content.summary.platformsPlaceholder', message: 'All platforms' })}
          </Text>
        ) : (
          <Group component="span" gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
            {chosen.slice(0, VISIBLE_CHIPS).map((id) => (
              <Badge component="span" key={id} variant="light" size="sm" data-testid="platform-chip">
                {label(id)}
              </Badge>
            ))}
            {chosen.length > VISIBLE_CHIPS ? (
              <Badge component="span" variant="outline" size="sm" data-testid="platform-more">
                {t({
                  id: 'content.summary.moreChips',
                  message: `+${ph({ count: chosen.length - VISIBLE_CHIPS })} more`,
                })}
              </Badge>
            ) : null}
          </Group>
        )}
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

// The popover (Mantine's Popover and floating-ui) is fetched when the reader reaches for the button.
const loadPopover = () => import('./platform-filter-popover').then((m) => m.PlatformFilterPopover);

/** Multi-select showing up to 3 chips (in the spec's platform order) and a '+N more' chip for the rest. */
export function PlatformFilter(props: PlatformFilterProps) {
  const { Component: Popover, preload, show } = useDeferredComponent(loadPopover);
  if (Popover) return <Popover {...props} openOnMount />;
  return (
    <PlatformButton
      value={props.value}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={show}
      onPointerEnter={preload}
      onFocus={preload}
    />
  );
}
