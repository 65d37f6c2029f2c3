import { type ReactNode, startTransition, useEffect, useState } from 'react';

/** How long a section waits for an idle moment before it is drawn anyway. */
const IDLE_TIMEOUT_MS = 2000;

type Turn = () => void;
const waiting: Turn[] = [];
let scheduled = false;

function requestIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(callback, 1);
}

/** One waiting section per idle moment, in the order they asked: each is a task of its own. */
function nextTurn(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  requestIdle(() => {
    scheduled = false;
    waiting.shift()?.();
    nextTurn();
  });
}

function awaitTurn(turn: Turn): () => void {
  waiting.push(turn);
  nextTurn();
  return () => {
    const index = waiting.indexOf(turn);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/**
 * A section below the first screen, drawn after it: the first commit holds only a placeholder of about
 * the section's height (so nothing below moves into view and back), and the section is rendered once
 * the browser is idle, in a transition, one section per idle moment.
 */
export function WhenIdle({
  children,
  minHeight,
  name,
}: {
  children: ReactNode;
  /** The placeholder's height, about the section's. */
  minHeight: number | string;
  /** Names the placeholder (`data-deferred`) for tests and for the reader's tools. */
  name: string;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    return awaitTurn(() => startTransition(() => setShown(true)));
  }, [shown]);
  if (shown) return children;
  return <div data-deferred={name} style={{ minHeight }} />;
}
