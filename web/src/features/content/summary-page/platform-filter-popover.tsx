import { useLingui } from '@lingui/react/macro';
import { Checkbox, Popover, Stack } from '@mantine/core';
import { useOpenedOnMount } from '../../ui/deferred';
import { platformOptions } from '../platform-options';
import { PlatformButton, type PlatformFilterProps } from './platform-filter';

/** The platform filter with its popover (fetched on first use, platform-filter.tsx); opens as it mounts. */
export function PlatformFilterPopover({
  value,
  onChange,
  openOnMount,
}: PlatformFilterProps & { openOnMount: boolean }) {
  const { t } = useLingui();
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <PlatformButton ref={targetRef} value={value} />
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group value={value} onChange={onChange}>
          <Stack gap={8}>
            {platformOptions(t).map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
