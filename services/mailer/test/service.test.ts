import { type SmtpCapture, startSmtpCapture, testWorkerService } from '@app/testing';
import { afterAll, beforeAll } from 'vitest';
import { mailerService } from '../src/service.ts';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.close();
});

testWorkerService(mailerService, {
  dir: new URL('..', import.meta.url),
  healthPort: 9105,
  env: () => ({ SMTP_URL: smtp.url }),
  refuses: [{ env: {}, key: 'SMTP_URL' }],
});
