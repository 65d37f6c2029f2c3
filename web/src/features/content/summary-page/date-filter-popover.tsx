import { Center, Group, Loader, Popover } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useOpenedOnMount } from '../../ui/deferred';
import {
  DateButton,
  DateClearButton,
  type DateFilterProps,
  type DateRange,
  loadDatePopup,
} from './date-filter';

const DatePopup = lazy(loadDatePopup);

/** The date filter with its popover (fetched on first use, date-filter.tsx); opens as it mounts. */
export function DateFilterPopover({
  value,
  timeZone,
  language,
  onChange,
  openOnMount,
}: DateFilterProps & { openOnMount: boolean }) {
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  const [mode, setMode] = useState<'single' | 'range'>(value && value.from !== value.to ? 'range' : 'single');
  const [draft, setDraft] = useState<[string | null, string | null]>([
    value?.from ?? null,
    value?.to ?? null,
  ]);

  const apply = (range: DateRange) => {
    if (onChange(range)) setOpened(false);
  };

  // Only the button is the popover's target: the clear button beside it opens nothing.
  return (
    <Group gap={4} wrap="nowrap">
      {/* Focus moves into the popup (it is rendered at the end of the page) and back to the button on Escape. */}
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <DateButton ref={targetRef} value={value} onClick={() => setOpened((o) => !o)} />
        </Popover.Target>
        <Popover.Dropdown>
          <Suspense
            fallback={
              <Center w={250} h={250}>
                <Loader size="sm" />
              </Center>
            }
          >
            <DatePopup
              mode={mode}
              onModeChange={setMode}
              value={value}
              draft={draft}
              onDraftChange={setDraft}
              timeZone={timeZone}
              language={language}
              apply={apply}
            />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
      {value ? <DateClearButton onClear={() => apply(null)} /> : null}
    </Group>
  );
}
