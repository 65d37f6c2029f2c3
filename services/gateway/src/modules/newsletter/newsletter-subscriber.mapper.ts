import type { AdminSubscriber } from '@app/contracts';
import type { NewsletterSubscriber } from '@app/db';
import { toUiLanguage } from '@app/rules';

/** A subscriber as the admin's newsletter tab lists it: its state and, when suppressed, why. */
export function toAdminSubscriberDto(row: NewsletterSubscriber): AdminSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    language: toUiLanguage(row.language),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    suppression: row.suppressionReason
      ? {
          reason: row.suppressionReason,
          source: row.suppressionSource,
          at: row.suppressedAt?.toISOString() ?? null,
          diagnostic: row.suppressionDiagnostic,
        }
      : null,
  };
}
