import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, TEST_API_KEY, type TestApp } from '../../testing/test-app.ts';
import { sniffMime } from './files.service.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 2),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

/** A multipart body with one file part, as a browser sends it. */
function multipart(field: string, name: string, type: string, bytes: Buffer) {
  const boundary = '----fit24boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('recognising documents by content', () => {
  it('knows JPEG, PNG and PDF by their first bytes and nothing else', () => {
    expect(sniffMime(JPEG)).toBe('image/jpeg');
    expect(sniffMime(PNG)).toBe('image/png');
    expect(sniffMime(PDF)).toBe('application/pdf');
    expect(sniffMime(Buffer.from('GIF89a...'))).toBeNull();
    expect(sniffMime(Buffer.from('<html>%PDF-'))).toBeNull();
    expect(sniffMime(Buffer.alloc(0))).toBeNull();
  });
});

describe.each(databasesUnderTest())('KYC on $name', (database) => {
  let t: TestApp;
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp(database);
    alice = await registerVerifiedUser(t);
    bob = await registerVerifiedUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(user: RegisteredUser, name: string, type: string, bytes: Buffer, field = 'file') {
    const { payload, contentType } = multipart(field, name, type, bytes);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: {
        'x-api-key': TEST_API_KEY,
        authorization: `Bearer ${user.token}`,
        'content-type': contentType,
      },
      payload,
    });
    return { status: response.statusCode, body: response.json() };
  }

  const kycBody = (files: { front: number; selfie: number; back?: number }) => ({
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '1990-12-10',
    address: '12 St James Square',
    city: 'London',
    postal_code: 'SW1Y 4JH',
    country_code: 'GB',
    id_type: 'PASSPORT',
    id_number: 'P1234567',
    id_front_file_id: files.front,
    selfie_file_id: files.selfie,
    ...(files.back ? { id_back_file_id: files.back } : {}),
  });

  it('stores an upload under a random name, recognised by content', async () => {
    const { status, body } = await upload(alice, 'passport.pdf', 'image/png', PDF);
    expect(status).toBe(200);
    expect(body.data.file).toMatchObject({ name: 'passport.pdf', mime: 'application/pdf', size: PDF.length });
    const row = await t.ctx.db
      .selectFrom('files')
      .selectAll()
      .where('file_id', '=', BigInt(body.data.file.file_id))
      .executeTakeFirstOrThrow();
    expect(row.stored_name).toMatch(/^[0-9a-f]{48}$/);
    expect(row.stored_name).not.toContain('passport');
  });

  it('refuses a file that is not JPEG, PNG or PDF whatever its name says, an empty field, and over 5 MB', async () => {
    const fake = await upload(alice, 'photo.jpg', 'image/jpeg', Buffer.from('MZ this is an executable'));
    expect(fake.status).toBe(400);
    expect(fake.body.fields).toEqual({ file: 'must be a JPEG, PNG or PDF' });
    const wrongField = await upload(alice, 'a.png', 'image/png', PNG, 'document');
    expect(wrongField.status).toBe(400);
    const big = await upload(
      alice,
      'big.png',
      'image/png',
      Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(big.status).toBe(400);
    expect(big.body.fields).toEqual({ file: 'must be at most 5 MB' });
    const json = await t.api('POST', '/api/file/upload', { token: alice.token, body: {} });
    expect(json.status).toBe(400);
  });

  it('never serves an upload publicly', async () => {
    const { body } = await upload(alice, 'selfie.png', 'image/png', PNG);
    const row = await t.ctx.db
      .selectFrom('files')
      .select('stored_name')
      .where('file_id', '=', BigInt(body.data.file.file_id))
      .executeTakeFirstOrThrow();
    for (const url of [
      `/uploads/${row.stored_name}`,
      `/data/uploads/${row.stored_name}`,
      `/${row.stored_name}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('PNG');
    }
  });

  it('records a submission as PENDING, then the operator approves it and the user is notified', async () => {
    const front = (await upload(alice, 'front.jpg', 'image/jpeg', JPEG)).body.data.file.file_id;
    const selfie = (await upload(alice, 'selfie.png', 'image/png', PNG)).body.data.file.file_id;
    const { status, body } = await t.api('POST', '/api/account/create', {
      token: alice.token,
      body: kycBody({ front, selfie }),
    });
    expect(status).toBe(200);
    expect(body.data.kyc).toMatchObject({
      status: 'PENDING',
      first_name: 'Ada',
      date_of_birth: '1990-12-10',
    });
    expect((await t.api('GET', '/api/account', { token: alice.token })).body.data.account.kyc_status).toBe(
      'PENDING',
    );
    const twice = await t.api('POST', '/api/account/create', {
      token: alice.token,
      body: kycBody({ front, selfie }),
    });
    expect(twice.status).toBe(409);

    const approved = await t.ops('POST', '/ops/kyc/approve', { email_id: alice.email });
    expect(approved.body.data.kyc.status).toBe('APPROVED');
    expect((await t.api('GET', '/api/account', { token: alice.token })).body.data.account.kyc_status).toBe(
      'APPROVED',
    );
    const notes = await t.ctx.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', BigInt(alice.userId))
      .execute();
    expect(notes.map((n) => n.type)).toContain('KYC_APPROVED');
    expect((await t.ops('POST', '/ops/kyc/approve', { email_id: alice.email })).status).toBe(404);
  });

  it('takes one submission out of 30 sent at once: 200, then 409, never 500', async () => {
    const user = await registerVerifiedUser(t);
    const front = (await upload(user, 'front.jpg', 'image/jpeg', JPEG)).body.data.file.file_id;
    const selfie = (await upload(user, 'selfie.png', 'image/png', PNG)).body.data.file.file_id;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.api('POST', '/api/account/create', { token: user.token, body: kycBody({ front, selfie }) }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(29);
  });

  it('lets a rejected user submit again, with the reason shown', async () => {
    const user = await registerVerifiedUser(t);
    const front = (await upload(user, 'f.jpg', 'image/jpeg', JPEG)).body.data.file.file_id;
    const selfie = (await upload(user, 's.jpg', 'image/jpeg', JPEG)).body.data.file.file_id;
    await t.api('POST', '/api/account/create', { token: user.token, body: kycBody({ front, selfie }) });
    const rejected = await t.ops('POST', '/ops/kyc/reject', {
      email_id: user.email,
      reason: 'The photo is blurred.',
    });
    expect(rejected.body.data.kyc).toMatchObject({ status: 'REJECTED', reason: 'The photo is blurred.' });
    expect((await t.api('GET', '/api/account', { token: user.token })).body.data.account.kyc_status).toBe(
      'REJECTED',
    );
    const again = await t.api('POST', '/api/account/create', {
      token: user.token,
      body: kycBody({ front, selfie }),
    });
    expect(again.status).toBe(200);
  });

  it("refuses another user's files with 403", async () => {
    const bobsFile = (await upload(bob, 'bob.jpg', 'image/jpeg', JPEG)).body.data.file.file_id;
    const mine = (await upload(alice, 'mine.png', 'image/png', PNG)).body.data.file.file_id;
    const user = await registerVerifiedUser(t);
    const own = (await upload(user, 'own.png', 'image/png', PNG)).body.data.file.file_id;
    for (const files of [
      { front: bobsFile, selfie: own },
      { front: own, selfie: mine },
      { front: own, selfie: 999_999 },
    ]) {
      const { status } = await t.api('POST', '/api/account/create', {
        token: user.token,
        body: kycBody(files),
      });
      expect(status).toBe(403);
    }
  });

  it('refuses a bad submission with 400: under 18, impossible date, same file twice, a PDF selfie, unknown country', async () => {
    const user = await registerVerifiedUser(t);
    const img = (await upload(user, 'a.png', 'image/png', PNG)).body.data.file.file_id;
    const img2 = (await upload(user, 'b.png', 'image/png', PNG)).body.data.file.file_id;
    const pdf = (await upload(user, 'c.pdf', 'application/pdf', PDF)).body.data.file.file_id;
    const year = new Date(t.ctx.clock.now()).getUTCFullYear();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...kycBody({ front: img, selfie: img2 }), date_of_birth: `${year - 10}-01-01` }, 'date_of_birth'],
      [{ ...kycBody({ front: img, selfie: img2 }), date_of_birth: '1990-02-30' }, 'date_of_birth'],
      [{ ...kycBody({ front: img, selfie: img2 }), date_of_birth: '10/12/1990' }, 'date_of_birth'],
      [kycBody({ front: img, selfie: img }), 'selfie_file_id'],
      [kycBody({ front: img, selfie: pdf }), 'selfie_file_id'],
      [{ ...kycBody({ front: img, selfie: img2 }), country_code: 'ZZ' }, 'country_code'],
      [{ ...kycBody({ front: img, selfie: img2 }), id_type: 'LIBRARY_CARD' }, 'id_type'],
      [{ ...kycBody({ front: img, selfie: img2 }), first_name: '' }, 'first_name'],
    ];
    for (const [body, field] of cases) {
      const response = await t.api('POST', '/api/account/create', { token: user.token, body });
      expect(response.status, field).toBe(400);
      expect(Object.keys(response.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await t.api('GET', '/api/account', { token: user.token })).body.data.account.kyc_status).toBe(
      'NONE',
    );
  });

  it('answers 404 for a decision on an unknown user', async () => {
    expect((await t.ops('POST', '/ops/kyc/approve', { email_id: 'nobody@example.com' })).status).toBe(404);
  });
});
