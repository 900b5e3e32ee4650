import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ACCESS_TOKEN_HEADER, basicAuthorization, GREEN_BUTTON_MAX_UPLOADS } from '@gridfront/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meters, monthlyReads, services, tenants, usageUploads } from '../../db/schema/index.ts';
import {
  type BillingTestWorld,
  createBillingTestWorld,
  type SeededCustomer,
} from '../../test/billing-test-kit.ts';
import { readIntervalDays } from '../meter-reads/meter-reads.ts';
import { readUploadReadings } from './read-upload-readings.ts';
import { checkEspiSchema } from './schema-check.ts';
import { insertUpload } from './upload-repository.ts';

const SAMPLES = fileURLToPath(new URL('./test-files/', import.meta.url));
const sample = (name: string) => readFileSync(`${SAMPLES}${name}`, 'utf8');
let world: BillingTestWorld;
let authorization: string;
let ipCounter = 0;

beforeAll(async () => {
  world = await createBillingTestWorld();
  const [tenant] = await world.t.database.handle.db.select().from(tenants).limit(1);
  if (!tenant) throw new Error('no tenant');
  authorization = basicAuthorization(tenant.appClientId, tenant.appClientSecret);
}, 180_000);

afterAll(async () => {
  await world?.t.close();
});

const db = () => world.t.database.handle.db;
const ownerOf = (customer: SeededCustomer) => ({ tenantId: world.tenantId, userId: customer.userId });

/** Calls as a customer from a fresh address, so the upload rate limit is per test. */
function as(customer: SeededCustomer, ip = `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`) {
  const headers = { authorization, [ACCESS_TOKEN_HEADER]: customer.accessToken };
  return {
    exportFile: (body: object) =>
      world.t.app.inject({
        method: 'POST',
        url: '/api/usage/greenButton/export',
        headers,
        payload: body,
        remoteAddress: ip,
      }),
    upload: (xml: string, name = 'file.xml', contentType = 'application/xml') =>
      world.t.app.inject({
        method: 'POST',
        url: `/api/usage/greenButton/upload?name=${encodeURIComponent(name)}`,
        headers: { ...headers, 'content-type': contentType },
        payload: xml,
        remoteAddress: ip,
      }),
    list: () =>
      world.t.app.inject({
        method: 'GET',
        url: '/api/usage/greenButton/uploads',
        headers,
        remoteAddress: ip,
      }),
    remove: (id: string) =>
      world.t.app.inject({
        method: 'DELETE',
        url: `/api/usage/greenButton/uploads/${id}`,
        headers,
        remoteAddress: ip,
      }),
  };
}

function tagValues(xml: string, tag: string): number[] {
  return [...xml.matchAll(new RegExp(`<${tag}>(-?\\d+)</${tag}>`, 'g'))].map((match) => Number(match[1]));
}

async function meterOf(accountId: string, utilityType: 'electricity' | 'gas') {
  const [row] = await db()
    .select({ meterId: meters.id, bidirectional: meters.bidirectional })
    .from(meters)
    .innerJoin(services, eq(services.id, meters.serviceId))
    .where(and(eq(services.accountId, accountId), eq(services.utilityType, utilityType)));
  if (!row) throw new Error(`no ${utilityType} meter`);
  return row;
}

describe('POST /usage/greenButton/export', () => {
  it('downloads a month of 15-minute solar electricity as a schema-valid ESPI feed with import and export', async () => {
    const response = await as(world.demo).exportFile({
      accountId: world.demo.accountId,
      utilityType: 'electricity',
      from: '2026-03-01',
      toDate: '2026-03-31',
      format: 'xml',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[\w.-]+-electricity-2026-03-01-to-2026-03-31\.xml"$/,
    );
    const xml = response.body;
    expect(await checkEspiSchema(xml)).toEqual({ valid: true });
    for (const element of [
      'UsagePoint',
      'MeterReading',
      'ReadingType',
      'IntervalBlock',
      'LocalTimeParameters',
    ]) {
      expect(xml).toContain(`<${element} xmlns="http://naesb.org/espi"`);
    }
    // Chicago: -6 h standard, DST from the second Sunday of March to the first of November at 02:00.
    expect(xml).toContain(
      '<dstEndRule>B40E2000</dstEndRule><dstOffset>3600</dstOffset><dstStartRule>360E2000</dstStartRule><tzOffset>-21600</tzOffset>',
    );
    expect(tagValues(xml, 'flowDirection')).toEqual([1, 19]);
    expect(tagValues(xml, 'intervalLength')).toEqual([900, 900]);

    // 31 local days per channel; 2026-03-08 springs forward: 92 intervals, the others 96.
    const blocks = [...xml.matchAll(/<IntervalBlock [^>]*>([\s\S]*?)<\/IntervalBlock>/g)].map(
      (m) => m[1] ?? '',
    );
    expect(blocks).toHaveLength(62);
    const counts = blocks.slice(0, 31).map((block) => block.split('<IntervalReading>').length - 1);
    expect(counts[7]).toBe(92);
    expect(counts.filter((n) => n === 96)).toHaveLength(30);

    // Every value is the stored reading, to the watt-hour, import days first, then export days.
    const meter = await meterOf(world.demo.accountId, 'electricity');
    const stored = await readIntervalDays(db(), meter.meterId, '2026-03-01', '2026-03-31');
    const values = tagValues(xml, 'value');
    expect(values).toEqual([
      ...stored.flatMap((day) => day.importWh),
      ...stored.flatMap((day) => day.exportWh ?? []),
    ]);
    expect(values.length).toBe(2 * (30 * 96 + 92));
  });

  it('downloads the same range as CSV with local starts and offsets, 92 rows on the DST day', async () => {
    const response = await as(world.demo).exportFile({
      accountId: world.demo.accountId,
      utilityType: 'electricity',
      from: '2026-03-08',
      toDate: '2026-03-08',
      format: 'csv',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const rows = response.body.trim().split('\r\n');
    expect(rows[0]).toBe('start,duration_seconds,value,unit,direction,estimated');
    const imports = rows.filter((row) => row.includes(',import,'));
    expect(imports).toHaveLength(92);
    expect(imports[0]).toMatch(/^2026-03-08T00:00:00-06:00,900,\d+,Wh,import,(true|false)$/);
    expect(imports[8]).toMatch(/^2026-03-08T03:00:00-05:00,/);
    expect(rows.filter((row) => row.includes(',export,'))).toHaveLength(92);
  });

  it('downloads gas as one interval per monthly read, schema-valid, in thousandths of a therm', async () => {
    const response = await as(world.demo).exportFile({
      accountId: world.demo.accountId,
      utilityType: 'gas',
      from: '2026-01-01',
      toDate: '2026-06-30',
      format: 'xml',
    });
    expect(response.statusCode).toBe(200);
    const xml = response.body;
    expect(await checkEspiSchema(xml)).toEqual({ valid: true });
    expect(tagValues(xml, 'uom')).toEqual([169]);
    expect(tagValues(xml, 'powerOfTenMultiplier')).toEqual([-3]);
    const meter = await meterOf(world.demo.accountId, 'gas');
    const reads = await db()
      .select({ consumption: monthlyReads.consumption })
      .from(monthlyReads)
      .where(
        and(
          eq(monthlyReads.meterId, meter.meterId),
          sql`${monthlyReads.readDate} between '2026-01-01' and '2026-06-30'`,
        ),
      )
      .orderBy(monthlyReads.readDate);
    expect(reads.length).toBeGreaterThan(3);
    expect(tagValues(xml, 'value')).toEqual(reads.map((read) => Math.round(Number(read.consumption) * 1000)));
    // Consecutive reads: each interval starts where the previous one ended.
    const starts = tagValues(xml, 'start').slice(1);
    const durations = tagValues(xml, 'duration').slice(1);
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]).toBe((starts[i - 1] ?? 0) + (durations[i - 1] ?? 0));
  });

  it('answers 404 for another customer’s account and refuses bad ranges with the reason', async () => {
    const body = {
      accountId: world.other.accountId,
      utilityType: 'electricity',
      from: '2026-03-01',
      toDate: '2026-03-02',
      format: 'xml',
    };
    const foreign = await as(world.demo).exportFile(body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Account not found');
    const tooLong = await as(world.demo).exportFile({
      ...body,
      accountId: world.demo.accountId,
      from: '2025-01-01',
      toDate: '2026-03-01',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Choose at most 366 days');
    const backwards = await as(world.demo).exportFile({
      ...body,
      accountId: world.demo.accountId,
      from: '2026-03-05',
    });
    expect(backwards.json().message).toBe('The start date must not be after the end date');
    const anonymous = await world.t.app.inject({
      method: 'POST',
      url: '/api/usage/greenButton/export',
      headers: { authorization },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /usage/greenButton/upload', () => {
  it('loads all four sample files; the gas feed with a warning that it is not schema-valid', async () => {
    const caller = as(world.demo);
    const expected: Record<string, [string, string, number]> = {
      'sample_electric_15min_14days.xml': ['electricity', 'Wh', 1340],
      'sample_electric_hourly_1year_Coastal_Multi_Family.xml': ['electricity', 'Wh', 8760],
      'sample_electric_daily_binned_monthly.xml': ['electricity', 'Wh', 443],
      'sample_gas_monthly_billing_realworld.xml': ['gas', 'therm', 35],
    };
    for (const [name, [utilityType, unit, readings]] of Object.entries(expected)) {
      const response = await caller.upload(sample(name), name);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      expect(answer).toMatchObject({ name, utilityType, unit });
      if (name.includes('daily')) expect(answer.readings).toBeGreaterThan(400);
      else expect(answer.readings).toBe(readings);
      if (name.includes('gas')) {
        expect(answer.warnings[0]).toMatch(/not valid against the Green Button \(ESPI 4.0\) schema.*updated/);
        // No LocalTimeParameters in this file: its dates are UTC.
        expect(answer.from).toBe('2021-05-26');
      } else expect(answer.warnings).toEqual([]);
    }
    const first = (await caller.list()).json().uploads;
    expect(first.map((u: { name: string }) => u.name)).toEqual(Object.keys(expected).reverse());
    expect(first[3]).toMatchObject({ from: '2012-03-01', to: '2012-03-14' });
  });

  it('refuses a billion-laughs file, a 50 MB body and the wrong schema, storing nothing', async () => {
    const caller = as(world.other);
    const before = (await caller.list()).json().uploads.length;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><feed xmlns="http://www.w3.org/2005/Atom"><title>&lol3;</title></feed>`;
    const refused = await caller.upload(laughs);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/DOCTYPE/);

    const huge = await caller.upload(
      `<feed xmlns="http://www.w3.org/2005/Atom">${' '.repeat(50 * 1024 * 1024)}</feed>`,
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The file is larger than 10 MB',
    });

    // Sent without a length (chunked), the body is cut off at the limit with the same answer.
    const chunked = await world.t.app.inject({
      method: 'POST',
      url: '/api/usage/greenButton/upload',
      headers: { authorization, [ACCESS_TOKEN_HEADER]: world.other.accessToken, 'content-type': 'text/xml' },
      payload: Readable.from(
        (function* () {
          for (let i = 0; i < 11; i++) yield Buffer.alloc(1024 * 1024, 0x20);
        })(),
      ),
      remoteAddress: '10.8.0.1',
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json().message).toBe('The file is larger than 10 MB');

    const rss = await caller.upload('<rss version="2.0"><channel/></rss>');
    expect(rss.statusCode).toBe(422);
    expect(rss.json().message).toMatch(/not a Green Button file.*<rss>/);
    const json = await caller.upload('{"a":1}', 'x.json', 'application/json');
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the file as application/xml');
    expect((await caller.list()).json().uploads.length).toBe(before);
  });

  it('limits uploads per address per minute', async () => {
    const caller = as(world.other);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await caller.upload('<not-a-feed/>')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it(`keeps at most ${GREEN_BUTTON_MAX_UPLOADS} uploads per user`, async () => {
    const owner = ownerOf(world.other);
    const kept = (await as(world.other).list()).json().uploads.length;
    for (let i = kept; i < GREEN_BUTTON_MAX_UPLOADS; i++) {
      await insertUpload(
        db(),
        owner,
        {
          name: `old ${i}`,
          utilityType: 'electricity',
          unit: 'Wh',
          firstReadingAt: new Date(0),
          lastReadingAt: new Date(0),
          readingCount: 1,
        },
        [{ start: 0, duration: 900, value: 1, direction: 'import' }],
        GREEN_BUTTON_MAX_UPLOADS,
      );
    }
    const over = await as(world.other).upload(sample('sample_gas_monthly_billing_realworld.xml'));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/delete one to add another/);
    await db().delete(usageUploads).where(eq(usageUploads.userId, world.other.userId));
  });
});

describe('uploads: listing, deleting and reading back', () => {
  it('reads an upload back by local dates, and only for its owner', async () => {
    const response = await as(world.other).upload(
      sample('sample_electric_15min_14days.xml'),
      'previous home.xml',
    );
    const { uploadId } = response.json();
    const back = await readUploadReadings(db(), ownerOf(world.other), uploadId, '2012-03-11', '2012-03-11');
    expect(back?.upload).toEqual({
      uploadId,
      name: 'previous home.xml',
      utilityType: 'electricity',
      unit: 'Wh',
      timeZone: 'America/New_York',
      intervalSeconds: 900,
    });
    expect(back?.readings).toHaveLength(92);
    expect(back?.readings[0]).toMatchObject({
      start: Date.UTC(2012, 2, 11, 5) / 1000,
      duration: 900,
      direction: 'import',
    });
    const all = await readUploadReadings(db(), ownerOf(world.other), uploadId);
    expect(all?.readings.reduce((sum, r) => sum + r.value, 0)).toBe(1_391_666);
    expect(await readUploadReadings(db(), ownerOf(world.demo), uploadId)).toBeNull();
  });

  it('deletes only the caller’s own upload', async () => {
    const [mine] = (await as(world.other).list()).json().uploads;
    const foreign = await as(world.demo).remove(mine.uploadId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Upload not found');
    const deleted = await as(world.other).remove(mine.uploadId);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await as(world.other).list()).json().uploads).toEqual([]);
    const again = await as(world.other).remove(mine.uploadId);
    expect(again.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('describes the four routes under the usage tag, the upload as raw XML', async () => {
    const response = await world.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; requestBody?: { content: object } }>
      >;
    };
    const routes = [
      ['/api/usage/greenButton/export', 'post'],
      ['/api/usage/greenButton/upload', 'post'],
      ['/api/usage/greenButton/uploads', 'get'],
      ['/api/usage/greenButton/uploads/{id}', 'delete'],
    ] as const;
    for (const [path, method] of routes) {
      const operation = paths[path]?.[method];
      expect(operation?.tags, `${method} ${path}`).toEqual(['usage']);
      expect(operation?.summary).toBeTruthy();
    }
    expect(Object.keys(paths['/api/usage/greenButton/upload']?.post?.requestBody?.content ?? {})).toEqual([
      'application/xml',
      'text/xml',
    ]);
  });
});
