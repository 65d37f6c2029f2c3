import { Select, type StyleProp } from '@mantine/core';
import type { FilterOption } from './filters';

/**
 * A select filter's control: its own chunk (Mantine's combobox and popover come with it), so a tab
 * whose filters have no select (the first tab an admin sees) does not download them.
 */
export function FilterSelect(props: {
  label: string;
  placeholder: string;
  options: FilterOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  searchable?: boolean;
  style?: { flex: string };
  w?: StyleProp<string | number>;
  testId?: string;
}) {
  return (
    <Select
      style={props.style}
      w={props.w}
      label={props.label}
      placeholder={props.placeholder}
      data={props.options}
      value={props.value}
      onChange={(value) => props.onChange(value === null ? null : String(value))}
      searchable={props.searchable}
      clearable
      data-testid={props.testId}
    />
  );
}
