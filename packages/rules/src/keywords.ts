/**
 * A topic's keywords from the admin form's comma-separated text (ASCII or full-width commas): trimmed,
 * empties dropped. The same reading as the contracts' KeywordsSchema gives a text body.
 */
export function parseKeywords(text: string): string[] {
  return text
    .split(/[,，]/)
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}
