import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The markdown renderer (react-markdown, its parser and sanitiser: about 55 KiB) is fetched the first
// time a summary's full text is shown, not with the screens that list summaries collapsed.
const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

/** Summary markdown, sanitised (no raw HTML, no script URLs); links open in a new tab. */
export function Markdown({ children }: { children: string }) {
  return (
    // While the renderer is on its way the text shows as it is written.
    <Suspense
      fallback={
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {children}
        </Text>
      }
    >
      <MarkdownRenderer>{children}</MarkdownRenderer>
    </Suspense>
  );
}
