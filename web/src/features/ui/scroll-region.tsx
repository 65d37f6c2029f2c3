import { Box, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A box that scrolls its content (sideways for a wide table, down for long text) with the browser's
 * own scrolling: keyboard users reach it with Tab (it is a named region, with the focus ring) and
 * scroll it with the arrow keys. Lighter than Mantine's ScrollArea, whose custom scrollbars bring
 * floating-ui along.
 */
export function ScrollRegion({
  label,
  children,
  ...box
}: BoxProps & {
  /** The region's accessible name. */
  label: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Box
      role="region"
      aria-label={label}
      // Focusable: a scrolling region must take focus to be scrolled from the keyboard.
      tabIndex={0}
      className="mantine-focus-auto"
      // Positioned, so that what its content places absolutely (visually hidden text) scrolls and is
      // clipped with it instead of widening the page.
      style={{ position: 'relative', overflow: 'auto', overscrollBehavior: 'contain' }}
      {...box}
    >
      {children}
    </Box>
  );
}
