import { useLingui } from '@lingui/react/macro';
import { Button, Group, VisuallyHidden } from '@mantine/core';
import { IconCalendar, IconX } from '@tabler/icons-react';
import { type ComponentPropsWithRef, useCallback } from 'react';
import { useDeferredComponent } from '../../ui/deferred';

export type DateRange = { from: string; to: string } | null;

export type DateFilterProps = {
  value: DateRange;
  timeZone: string;
  language: 'en' | 'zh';
  /** Returns false when the range is refused (the upgrade dialog opens instead). */
  onChange: (range: DateRange) => boolean;
};

// The popover (Mantine's Popover and floating-ui) and its calendar (@mantine/dates, its styles) are
// fetched when the reader reaches for the button (pointer over it, focus) or opens it: the summaries'
// first screen does without them.
const loadPopover = () => import('./date-filter-popover').then((m) => m.DateFilterPopover);
export const loadDatePopup = () => import('./date-popup');

/** The date button: the same before and after the popover's code has arrived. */
export function DateButton({
  value,
  ...rest
}: { value: DateRange } & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style' | 'value'>) {
  const { t } = useLingui();
  const label = value
    ? value.from === value.to
      ? value.from
      : `${value.from} – ${value.to}`
    : t({ id: 'content.summary.allDates', message: 'All dates' });
  return (
    <Button
      variant="default"
      leftSection={<IconCalendar size={16} aria-hidden />}
      data-testid="date-filter"
      fullWidth
      justify="flex-start"
      {...rest}
    >
      <VisuallyHidden>{t({ id: 'content.summary.date', message: 'Date' })}: </VisuallyHidden>
      {label}
    </Button>
  );
}

/** Clears the range; beside the button, not part of the popover's target. */
export function DateClearButton({ onClear }: { onClear: () => void }) {
  const { t } = useLingui();
  return (
    <Button
      variant="subtle"
      px={6}
      aria-label={t({ id: 'content.summary.allDates', message: 'All dates' })}
      onClick={onClear}
    >
      <IconX size={14} aria-hidden />
    </Button>
  );
}

/** Single day or range, with quick picks; a single pick sets from = to and closes the popup. */
export function DateFilter(props: DateFilterProps) {
  const { Component: Popover, preload: preloadPopover, show } = useDeferredComponent(loadPopover);
  const preload = useCallback(() => {
    preloadPopover();
    loadDatePopup().catch(() => undefined);
  }, [preloadPopover]);
  if (Popover) return <Popover {...props} openOnMount />;
  return (
    <Group gap={4} wrap="nowrap">
      <DateButton
        value={props.value}
        aria-haspopup="dialog"
        aria-expanded={false}
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
      />
      {props.value ? <DateClearButton onClear={() => props.onChange(null)} /> : null}
    </Group>
  );
}
