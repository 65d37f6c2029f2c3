import { listedTimeZones } from '@app/time/zone-names';
import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';

export type TimeZoneSelectProps = {
  value: string;
  onChange: (zone: string) => void;
  label: string;
  /** Says that typing finds a zone. */
  description: string;
  nothingFound: string;
  /** Takes the focus when it appears (it replaces the button that asked for it). */
  focusOnMount?: boolean;
  'data-testid'?: string;
};

const VISIBLE_OPTIONS = 8;

/** "new york" finds America/New_York: letter case, '_', '/' and spaces aside. */
const normalize = (text: string) => text.toLowerCase().replace(/[_/\s]+/g, ' ');
const filter: OptionsFilter = ({ options, search, limit }) => {
  const words = normalize(search).trim().split(' ').filter(Boolean);
  return (options as ComboboxItem[])
    .filter((option) => words.every((word) => normalize(option.value).includes(word)))
    .slice(0, limit);
};

/**
 * A searchable list of every IANA zone the browser knows (the server checks the choice again). Its own
 * chunk: the newsletter box fetches it only when the reader asks to change the zone.
 */
export function TimeZoneSelect({
  value,
  onChange,
  label,
  description,
  nothingFound,
  focusOnMount,
  'data-testid': testId,
}: TimeZoneSelectProps) {
  const input = useRef<HTMLInputElement>(null);
  // The browser's own zone may be an alias the list spells differently ('Asia/Kolkata'): keep it.
  const data = useMemo(() => [...new Set([value, ...listedTimeZones()])].sort(), [value]);
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);
  return (
    <Select
      ref={input}
      label={label}
      description={description}
      data={data}
      value={value}
      onChange={(zone) => zone && onChange(zone)}
      searchable
      filter={filter}
      // A few hundred zones are found by typing: the list shows the first matches, all of them without
      // scrolling (a scrolled list of options is a scroll region the keyboard cannot reach).
      limit={VISIBLE_OPTIONS}
      maxDropdownHeight={VISIBLE_OPTIONS * 40 + 16}
      nothingFoundMessage={nothingFound}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
