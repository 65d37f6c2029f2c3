import { Typography } from '@mantine/core';

/**
 * A summary's full text: the HTML the gateway rendered from its markdown (SummaryDto.content_html).
 * The gateway sanitises it (text markup, lists, tables, http(s) images and links that open in a new
 * tab; no raw HTML, handlers or script URLs), so it goes into the page as it is and the browser needs
 * no markdown parser.
 */
export function Markdown({ html }: { html: string }) {
  return (
    <Typography fz="sm" data-testid="summary-markdown">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the gateway (summary-html.ts). */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
