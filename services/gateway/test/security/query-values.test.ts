import { CONTENT_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, type SecurityStack, startSecurityStack } from './security-harness.ts';

// Query values that once reached the database as they were: far dates (a window past the largest
// timestamp PostgreSQL or JavaScript holds) and LIKE's own characters in text filters (Prisma
// passes `%`, `_` and `\` through to LIKE/ILIKE, so `%` matched everything and `\` was an error).

let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack();
});
afterAll(async () => {
  await stack?.close();
});

const get = (url: string, role: Role = 'pro') =>
  stack.gateway.app.inject({ method: 'GET', url, headers: stack.headers(role) });

describe('dates outside the lists’ range', () => {
  const far = ['9999-12-31', '1000-01-01', '0001-01-01', '2101-01-01', '9999-12-31T23:59:59Z', '1999-12-31'];
  for (const [path, fields] of [
    ['/api/summaries', ['date', 'date_from', 'date_to']],
    ['/api/topics/stats', ['date']],
  ] as const) {
    for (const field of fields)
      it(`${path}?${field}=… answers 400 naming the field`, async () => {
        for (const value of far) {
          for (const spelt of [value, encodeURIComponent(value), value.replace(/-/g, '%2D')]) {
            const response = await get(`${path}?${field}=${spelt}`, 'visitor');
            expect(response.statusCode, `${field}=${spelt}`).toBe(400);
            expect(response.body).toContain(field);
            expect(response.json().error.message).toContain(CONTENT_MESSAGES.dateOutOfRange);
          }
        }
        // The range's own ends are dates like any other.
        for (const value of ['2000-01-01', '2100-12-31'])
          expect((await get(`${path}?${field}=${value}`, 'pro')).statusCode, value).toBe(200);
      });
  }
});

describe('LIKE’s characters in text filters match themselves', () => {
  it('generation history: topic and source names compared exactly, the search taken literally', async () => {
    // A search needs four characters; the names take any.
    for (const value of ['\\', '%5C', '%25', '_', '%5F', '%5C%25', 'a%5C'])
      for (const field of ['topic', 'datasource']) {
        const response = await get(`/api/generation-tasks?${field}=${value}`);
        expect(response.statusCode, `${field}=${value}`).toBe(200);
      }
    for (const value of ['%5C%5C%5C%5C', 'abc%5C', '%25%25%25%25', '____', '%5C%25_%25'])
      expect((await get(`/api/generation-tasks?q=${value}`)).statusCode, `q=${value}`).toBe(200);
    // The Pro user has tasks; '%' and '_' (any text, any one character) find none of them.
    const all = (await get('/api/generation-tasks')).json();
    expect(all.data.length).toBeGreaterThan(0);
    for (const value of ['%25%25%25%25', '____', '%5F%25%5F%25'])
      expect((await get(`/api/generation-tasks?q=${value}`)).json().data, `q=${value}`).toEqual([]);
    for (const value of ['%25', '%25%25', '_', '%5F%25'])
      expect((await get(`/api/generation-tasks?topic=${value}`)).json().data, `topic=${value}`).toEqual([]);
  });

  it('admin searches of topics, datasources and subscribers', async () => {
    const prisma = stack.prisma;
    const percent = await prisma.topic.create({ data: { slug: 'uptime-100', name: 'Uptime 100% club' } });
    for (const [url, key] of [
      ['/api/admin/topics', 'data'],
      ['/api/admin/datasources', 'data'],
      ['/api/admin/subscribers', 'data'],
    ] as const) {
      for (const value of ['\\', '%5C', '_', '%25', '%5C%5C']) {
        const response = await get(`${url}?q=${value}`, 'admin');
        expect(response.statusCode, `${url}?q=${value}`).toBe(200);
        expect(Array.isArray(response.json()[key]), url).toBe(true);
      }
    }
    const topics = (await get('/api/admin/topics?q=%25', 'admin')).json().data as { id: string }[];
    expect(topics.map((t) => t.id)).toEqual([percent.id]);
    expect((await get('/api/admin/topics?q=_', 'admin')).json().data).toEqual([]);
  });
});
