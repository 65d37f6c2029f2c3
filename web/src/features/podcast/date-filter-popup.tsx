// The date picker's styles load with the picker (not with the app's entry nor the page).
import { useLingui } from '@lingui/react/macro';
import { QUICK_PICK_MESSAGES } from './podcast-messages';
import '@mantine/dates/styles.css';
// Chinese month and weekday names for locale="zh-cn", fetched with the picker too.
import 'dayjs/locale/zh-cn';
import { Button, Group, Popover, Stack } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useLanguage } from '../../i18n/language-provider';
import { useOpenedOnMount } from '../ui/deferred';
import { DateFilterButton } from './date-filter-button';
import { QUICK_PICKS, quickPickDate } from './podcast-utils';

/** The date filter with its popup: quick picks and a calendar (fetched on first use, podcast-page.tsx). */
export function DateFilterPopup({
  value,
  onChange,
  openOnMount,
}: {
  value?: string;
  onChange: (date: string | undefined) => void;
  openOnMount: boolean;
}) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  const pick = (date: string | undefined) => {
    onChange(date);
    setOpened(false);
  };
  // Focus moves into the popup (it is rendered at the end of the page) and back to the button on Escape.
  return (
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
        <DateFilterButton ref={targetRef} value={value} onClick={() => setOpened((o) => !o)} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group gap={6}>
            {QUICK_PICKS.map((quick) => (
              <Button
                key={quick}
                size="compact-xs"
                variant="light"
                onClick={() => pick(quickPickDate(quick))}
              >
                {t(QUICK_PICK_MESSAGES[quick])}
              </Button>
            ))}
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => pick(undefined)}>
              {t({ id: 'podcast.quick.clear', message: 'Clear' })}
            </Button>
          </Group>
          <DatePicker
            locale={language === 'zh' ? 'zh-cn' : 'en'}
            hideOutsideDates
            weekendDays={[]}
            ariaLabels={{
              previousMonth: t({ id: 'podcast.calendar.previousMonth', message: 'Previous month' }),
              nextMonth: t({ id: 'podcast.calendar.nextMonth', message: 'Next month' }),
              previousYear: t({ id: 'podcast.calendar.previousYear', message: 'Previous year' }),
              nextYear: t({ id: 'podcast.calendar.nextYear', message: 'Next year' }),
              previousDecade: t({ id: 'podcast.calendar.previousDecade', message: 'Previous decade' }),
              nextDecade: t({ id: 'podcast.calendar.nextDecade', message: 'Next decade' }),
            }}
            value={value ?? null}
            onChange={(date) => pick(date ?? undefined)}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
