import type { SourceSubmissionBody } from '@app/contracts';
import { api } from '../../api/client';

/** A reader's suggestion of a source (signed in); the admins review it. */
export const suggestSource = (body: SourceSubmissionBody) => api.post('/api/source-submissions', body);
