import { Typography } from '@mantine/core';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/** Summary markdown, sanitised (no raw HTML, no script URLs); links open in a new tab. */
export default function MarkdownRenderer({ children }: { children: string }) {
  return (
    <Typography fz="sm" data-testid="summary-markdown">
      <ReactMarkdown
        rehypePlugins={[rehypeSanitize]}
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
        }}
      >
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
