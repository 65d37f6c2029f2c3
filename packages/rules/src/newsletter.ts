import { DIGEST_HOUR, type UiLanguage } from '@app/contracts';

/** When the digest arrives, in the reader's words: "8 AM, Asia/Shanghai", "上午 8 点（Asia/Shanghai）". */
export function digestTimeText(language: UiLanguage, timeZone: string): string {
  return language === 'zh' ? `上午 ${DIGEST_HOUR} 点（${timeZone}）` : `${DIGEST_HOUR} AM, ${timeZone}`;
}
