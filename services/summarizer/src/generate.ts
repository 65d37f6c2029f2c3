import { extractiveSummarize, type Llm, type SummaryLanguage, type UsageTags } from '@app/llm';
import { z } from 'zod';

export const SummaryOutputSchema = z.object({
  headline: z.string().min(1).max(300),
  content: z.string().min(1).max(20_000),
});
export type SummaryOutput = z.infer<typeof SummaryOutputSchema>;

export type Generated = SummaryOutput & {
  generator: 'llm' | 'extractive';
  model?: string;
  llmError?: string;
};

const INSTRUCTIONS: Record<SummaryLanguage, string> = {
  EN: 'You summarise content for a daily digest read by indie hackers, engineers, product people and founders. Write in English. Return JSON with "headline" (one line, no trailing period, at most 120 characters) and "content" (markdown: 3-6 bullet points with the key facts and takeaways, no preamble).',
  ZH: '你为面向独立开发者、工程师、产品经理和创业者的每日摘要写内容摘要。用简体中文写作。返回 JSON：“headline”（一行标题，不超过 60 个字）和 “content”（Markdown：3–6 条要点，写出关键事实和启发，不要开场白）。',
};

/**
 * A summary from the LLM when one is configured, else the offline extractive summarizer. An
 * LLM failure propagates (the job retries) unless fallbackOnError, on the job's last attempt.
 */
export async function generateSummary(
  llm: Llm,
  input: {
    language: SummaryLanguage;
    title: string;
    text: string;
    kind: string;
    extraContext?: string;
    /** What the call is recorded under (feature, topic). */
    usage: UsageTags;
  },
  options: { maxInputChars: number; fallbackOnError: boolean },
): Promise<Generated> {
  const text = input.text.slice(0, options.maxInputChars);
  if (llm.isConfigured) {
    try {
      const result = await llm.generateObject(
        [
          { role: 'system', content: INSTRUCTIONS[input.language] },
          {
            role: 'user',
            content: `Kind: ${input.kind}\nTitle: ${input.title}\n${input.extraContext ? `${input.extraContext}\n` : ''}\n${text}`,
          },
        ],
        SummaryOutputSchema,
        { name: 'summary', temperature: 0.3, usage: input.usage },
      );
      return { ...result, generator: 'llm', model: llm.model };
    } catch (error) {
      if (!options.fallbackOnError) throw error;
      return {
        ...(await llm.offline(input.usage, 'extractive', () =>
          extractive(input.language, input.title, text),
        )),
        llmError: (error as Error).message.slice(0, 300),
      };
    }
  }
  return llm.offline(input.usage, 'extractive', () => extractive(input.language, input.title, text));
}

function extractive(language: SummaryLanguage, title: string, text: string): Generated {
  const summary = extractiveSummarize({ title, text, language, maxSentences: 4 });
  return { headline: summary.headline, content: summary.content, generator: 'extractive' };
}
