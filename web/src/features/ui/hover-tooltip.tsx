import type { Tooltip as MantineTooltip, TooltipProps } from '@mantine/core';
import { cloneElement, type MouseEvent, type ReactElement, type Ref, useRef, useState } from 'react';

type Trigger = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
};

type Props = Omit<TooltipProps, 'children' | 'target' | 'defaultOpened' | 'opened'> & {
  /** One element that takes a ref (a button with its own aria-label); it keeps no ref of its own. */
  children: ReactElement<Trigger>;
};

const loadTooltip = () => import('./tooltip-loaded').then((m) => m.Tooltip);

/**
 * Mantine's Tooltip, shown on hover as before, whose code (and its positioning library) is fetched
 * when the pointer first comes over the element: a list of cards with tooltip buttons does not
 * download it for readers who never point at one. The element is rendered as it is, never re-mounted,
 * and the tooltip attaches to it once loaded (open at once if the pointer is still over it).
 */
export function HoverTooltip({ children, ...tooltip }: Props) {
  const target = useRef<HTMLElement>(null);
  const hovered = useRef(false);
  const loading = useRef(false);
  const [loaded, setLoaded] = useState<{ Tooltip: typeof MantineTooltip; opened: boolean } | null>(null);
  const trigger = children.props;
  const element = cloneElement(children, {
    ref: target,
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      hovered.current = true;
      trigger.onMouseEnter?.(event);
      if (loaded || loading.current) return;
      loading.current = true;
      loadTooltip()
        .then((Tooltip) => setLoaded({ Tooltip, opened: hovered.current }))
        .catch(() => {
          // No tooltip this time; the next hover tries again.
          loading.current = false;
        });
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      hovered.current = false;
      trigger.onMouseLeave?.(event);
    },
  });
  return (
    <>
      {element}
      {loaded ? <loaded.Tooltip {...tooltip} target={target} defaultOpened={loaded.opened} /> : null}
    </>
  );
}
