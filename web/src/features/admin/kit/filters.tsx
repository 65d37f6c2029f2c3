import { Group, type MantineStyleProp, SegmentedControl, type StyleProp, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { AdminT } from '../admin-logic';

const FilterSelect = lazy(() =>
  import('./filter-select').then((module) => ({ default: module.FilterSelect })),
);

// An admin tab's list filters as configuration: the tab lists its filters (what each control is and
// shows), holds their values in one state (useFilters), draws them with FilterBar and reads the values
// to filter its rows or to ask the server. Each control keeps the test id and size the tab gives it.

export type FilterOption = { value: string; label: string };

type Sized = {
  /** Flex basis in a wrapping row ('1 1 200px'), or a width per breakpoint. */
  flex?: string;
  w?: StyleProp<string | number>;
  testId?: string;
};

export type FilterSpec<K extends string> =
  | (Sized & {
      kind: 'search';
      key: K;
      label: string;
      placeholder?: string;
      /** A magnifier inside the field. */
      icon?: boolean;
      /** `type="search"` (a clear button in some browsers). */
      searchType?: boolean;
    })
  | (Sized & {
      kind: 'select';
      key: K;
      label: string;
      /** What "no choice" reads (every topic, every platform…): the value is then null. */
      placeholder: string;
      options: FilterOption[];
      searchable?: boolean;
    })
  | (Sized & { kind: 'segmented'; key: K; options: FilterOption[]; style?: MantineStyleProp });

export type FilterValues<K extends string> = Record<K, string | null>;

/** One state for all of a tab's filters: `set(key, value)` changes one and keeps the others. */
export function useFilters<K extends string>(initial: FilterValues<K>) {
  const [values, setValues] = useState(initial);
  const set = useCallback((key: K, value: string | null) => {
    setValues((current) => (current[key] === value ? current : { ...current, [key]: value }));
  }, []);
  return { values, set };
}

/** The filters' controls in one wrapping row, then `children` (the tab's buttons). */
export function FilterBar<K extends string>({
  filters,
  values,
  onChange,
  children,
}: {
  filters: FilterSpec<K>[];
  values: FilterValues<K>;
  onChange: (key: K, value: string | null) => void;
  children?: ReactNode;
}) {
  return (
    <Group align="flex-end" wrap="wrap">
      {filters.map((filter) => {
        const size = { style: filter.flex ? { flex: filter.flex } : undefined, w: filter.w };
        if (filter.kind === 'search')
          return (
            <TextInput
              key={filter.key}
              {...size}
              label={filter.label}
              placeholder={filter.placeholder}
              leftSection={filter.icon ? <IconSearch size={16} /> : undefined}
              type={filter.searchType ? 'search' : undefined}
              value={values[filter.key] ?? ''}
              onChange={(event) => onChange(filter.key, event.currentTarget.value)}
              data-testid={filter.testId}
            />
          );
        if (filter.kind === 'select')
          return (
            // Until the select's code is in, a read-only field of the same label and size holds its place.
            <Suspense
              key={filter.key}
              fallback={
                <TextInput {...size} label={filter.label} placeholder={filter.placeholder} readOnly />
              }
            >
              <FilterSelect
                {...size}
                label={filter.label}
                placeholder={filter.placeholder}
                options={filter.options}
                value={values[filter.key]}
                onChange={(value) => onChange(filter.key, value)}
                searchable={filter.searchable}
                testId={filter.testId}
              />
            </Suspense>
          );
        return (
          <SegmentedControl
            key={filter.key}
            value={values[filter.key] ?? filter.options[0]?.value ?? ''}
            onChange={(value) => onChange(filter.key, value)}
            data={filter.options}
            style={filter.style}
            data-testid={filter.testId}
          />
        );
      })}
      {children}
    </Group>
  );
}

/** The active / paused filter of topics and sources: all, active, paused. */
export function statusFilter<K extends string>(key: K, t: AdminT): FilterSpec<K> {
  return {
    kind: 'segmented',
    key,
    options: [
      { value: 'all', label: t(msg({ id: 'admin.status.all', message: 'All' })) },
      { value: 'active', label: t(msg({ id: 'admin.status.active', message: 'Active' })) },
      { value: 'paused', label: t(msg({ id: 'admin.status.paused', message: 'Paused' })) },
    ],
  };
}

/** Whether a row that is active or not passes the status filter's value. */
export const matchesStatus = (isActive: boolean, status: string | null) =>
  !status || status === 'all' || (status === 'active') === isActive;
