import { QUEUE_NAMES } from '@app/contracts';
import { verifyPassword } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Gateway,
  insertUser,
  PUBLIC_URL,
  startGateway,
  uniqueEmail,
} from './support/gateway-harness.ts';

// Registering an address that already has an account: the answer is the one a new address gets (status,
// headers, body), so a stranger learns nothing; the account stays as it was, and its owner is told by
// email (a job on the mail queue, in the language of the registration) with the ways to sign in or reset.

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway?.close();
});

const register = (email: string, language: 'en' | 'zh' = 'en') =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'stranger-password', language },
  });

async function mailJobs(name: string, email: string) {
  const jobs = await gateway.producer
    .queue(QUEUE_NAMES.mail)
    .getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed']);
  return jobs.filter((job) => job.name === name && job.data.email === email);
}

/** What a stranger sees of an answer: status, body and the headers that could differ. */
const visible = (response: Awaited<ReturnType<typeof register>>) => ({
  status: response.statusCode,
  body: response.json(),
  contentType: response.headers['content-type'],
  setCookie: response.headers['set-cookie'],
});

describe('POST /api/auth/register with an address that has an account', () => {
  it('answers exactly as for a new address', async () => {
    const known = uniqueEmail('known');
    await insertUser(gateway.db.prisma, { email: known });
    const fresh = await register(uniqueEmail('fresh'));
    const again = await register(known);
    expect(fresh.statusCode).toBe(201);
    expect(visible(again)).toEqual(visible(fresh));
    expect(again.json()).toEqual({ success: true, message: expect.stringContaining('check your email') });
  });

  it('leaves the account as it was and queues a notice to its owner, not a verification link', async () => {
    const email = uniqueEmail('owner');
    const user = await insertUser(gateway.db.prisma, { email });
    expect((await register(email.toUpperCase())).statusCode).toBe(201);
    const after = await gateway.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.passwordHash).toBe(user.passwordHash);
    expect(await verifyPassword(after.passwordHash!, 'stranger-password')).toBe(false);
    expect(after.emailVerifiedAt).toEqual(user.emailVerifiedAt);
    expect(await gateway.db.prisma.user.count({ where: { email } })).toBe(1);
    expect(await mailJobs('send-verification-email', email)).toHaveLength(0);
    const [notice, ...more] = await mailJobs('send-registration-attempt-email', email);
    expect(more).toHaveLength(0);
    expect(notice!.data).toMatchObject({
      userId: user.id,
      email,
      signInUrl: `${PUBLIC_URL}/auth`,
      resetUrl: `${PUBLIC_URL}/auth/reset`,
      language: 'en',
    });
  });

  it("writes the notice in the registration's language", async () => {
    const email = uniqueEmail('owner-zh');
    await insertUser(gateway.db.prisma, { email });
    expect((await register(email, 'zh')).statusCode).toBe(201);
    const [notice] = await mailJobs('send-registration-attempt-email', email);
    expect(notice!.data).toMatchObject({
      signInUrl: `${PUBLIC_URL}/zh/auth`,
      resetUrl: `${PUBLIC_URL}/zh/auth/reset`,
      language: 'zh',
    });
  });

  it('tells the owner once an hour, however often the address is tried', async () => {
    const email = uniqueEmail('owner-often');
    await insertUser(gateway.db.prisma, { email });
    for (let i = 0; i < 3; i++) expect((await register(email)).statusCode).toBe(201);
    expect(await mailJobs('send-registration-attempt-email', email)).toHaveLength(1);
  });

  it('treats an account made with Google (no password) the same way', async () => {
    const email = uniqueEmail('google-owner');
    const user = await gateway.db.prisma.user.create({
      data: { email, googleSub: `sub-${email}`, emailVerifiedAt: new Date(), profile: { create: {} } },
    });
    const fresh = await register(uniqueEmail('fresh-2'));
    expect(visible(await register(email))).toEqual(visible(fresh));
    const after = await gateway.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.passwordHash).toBeNull();
    expect(await mailJobs('send-registration-attempt-email', email)).toHaveLength(1);
  });
});
