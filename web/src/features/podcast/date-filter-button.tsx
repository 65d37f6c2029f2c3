import { useLingui } from '@lingui/react/macro';
import { Button, VisuallyHidden } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** The date filter's button: the same before and after the popup's code has arrived. */
export function DateFilterButton({
  value,
  ...rest
}: { value?: string } & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style' | 'value'>) {
  const { t } = useLingui();
  return (
    <Button
      variant="default"
      justify="flex-start"
      leftSection={<IconCalendar size={16} aria-hidden />}
      data-testid="podcast-date-filter"
      {...rest}
    >
      <VisuallyHidden>{t({ id: 'podcast.date', message: 'Date' })}: </VisuallyHidden>
      {value ?? t({ id: 'podcast.allDates', message: 'All dates' })}
    </Button>
  );
}
