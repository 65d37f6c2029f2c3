// The date picker's styles load with the picker (not with the app's entry nor the page).
import '@mantine/dates/styles.css';
// Chinese month and weekday names for locale="zh-cn", fetched with the picker too.
import 'dayjs/locale/zh-cn';
import { Button, Group, Popover, Stack } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useLanguage } from '../../i18n/language-provider';
import { useTranslation } from '../../i18n/react';
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
  const { t } = useTranslation('podcast');
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
                {t(`quick.${quick}`)}
              </Button>
            ))}
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => pick(undefined)}>
              {t('quick.clear')}
            </Button>
          </Group>
          <DatePicker
            locale={language === 'zh' ? 'zh-cn' : 'en'}
            hideOutsideDates
            weekendDays={[]}
            ariaLabels={{
              previousMonth: t('calendar.previousMonth'),
              nextMonth: t('calendar.nextMonth'),
              previousYear: t('calendar.previousYear'),
              nextYear: t('calendar.nextYear'),
              previousDecade: t('calendar.previousDecade'),
              nextDecade: t('calendar.nextDecade'),
            }}
            value={value ?? null}
            onChange={(date) => pick(date ?? undefined)}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
