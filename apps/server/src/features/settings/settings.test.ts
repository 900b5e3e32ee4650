import { messages } from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { caller, createAccountTestApp, mailsTo } from '../../test/account-test-kit.ts';
import {
  insertTenant,
  insertUser,
  type TenantFixture,
  type TestApp,
  type UserFixture,
} from '../../test/index.ts';
import { settingsMessages } from './service.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db());
});
afterAll(() => t.close());

async function signIn(user: UserFixture, password = user.password) {
  const response = await caller(t, tenant).post('/auth/login', { username: user.username, password });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { accessToken: string; refreshToken: string };
  return { ...body, api: caller(t, tenant, '10.9.9.9', body.accessToken) };
}

describe('/api/settings', () => {
  it('needs a signed-in user', async () => {
    for (const url of ['/settings/getUsername']) {
      expect((await caller(t, tenant).get(url)).statusCode).toBe(401);
    }
    expect((await caller(t, tenant).post('/settings/tfaEnable')).statusCode).toBe(401);
  });

  it('changes the password: checks the current one, keeps this session, ends the others, mails a notice', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'changer' });
    const other = await signIn(user);
    const mine = await signIn(user);
    const wrong = await mine.api.post('/settings/changePassword', {
      currentPassword: 'Nope@1234',
      newPassword: 'Fresh@Pass9',
      confirmPassword: 'Fresh@Pass9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(settingsMessages.wrongCurrentPassword);
    const cases: [object, string][] = [
      [{ newPassword: 'Fresh@Pass9', confirmPassword: 'Fresh@Pass9' }, messages.currentPasswordRequired],
      [{ currentPassword: user.password, confirmPassword: 'x' }, messages.newPasswordRequired],
      [
        { currentPassword: user.password, newPassword: 'Fresh@Pass9', confirmPassword: 'Fresh@Pass8' },
        messages.passwordMismatch,
      ],
      [{ currentPassword: user.password, newPassword: 'Fresh@Pass9' }, messages.confirmPasswordRequired],
    ];
    for (const [body, message] of cases)
      expect((await mine.api.post('/settings/changePassword', body)).json().message).toBe(message);

    const ok = await mine.api.post('/settings/changePassword', {
      currentPassword: user.password,
      newPassword: 'Fresh@Pass9',
      confirmPassword: 'Fresh@Pass9',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password changed successfully' });
    expect(
      (await caller(t, tenant).post('/auth/refreshToken', { refreshToken: other.refreshToken })).statusCode,
    ).toBe(401);
    expect(
      (await caller(t, tenant).post('/auth/refreshToken', { refreshToken: mine.refreshToken })).statusCode,
    ).toBe(200);
    expect((await mailsTo(db(), 'changer@example.test'))[0]?.purpose).toBe('passwordChanged');
    const audit = await db().select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['settings.password.failure', 'settings.password.changed']),
    );
    expect(JSON.stringify(audit)).not.toContain('Fresh@Pass9');
  });

  it('changes the username with the password, refusing a taken one', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'oldname' });
    await insertUser(db(), tenant.tenant.id, { username: 'Occupied' });
    const { api } = await signIn(user);
    expect((await api.get('/settings/getUsername')).json()).toEqual({ username: 'oldname' });
    expect(
      (await api.post('/settings/changeUsername', { username: 'newname', password: 'Wrong@123' })).json()
        .message,
    ).toBe(settingsMessages.wrongPassword);
    expect((await api.post('/settings/changeUsername', { password: user.password })).json().message).toBe(
      messages.usernameRequired,
    );
    const taken = await api.post('/settings/changeUsername', {
      username: 'occupied',
      password: user.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(settingsMessages.usernameTaken);
    const ok = await api.post('/settings/changeUsername', { username: 'newname', password: user.password });
    expect(ok.json()).toEqual({ message: 'Username changed successfully' });
    expect((await api.get('/settings/getUsername')).json()).toEqual({ username: 'newname' });
  });

  it('toggles two-factor on without a body, sets it with { enable }, and the flag reads back', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'toggler' });
    const { api } = await signIn(user);
    expect((await api.post('/settings/tfaEnable')).json()).toEqual({ tfaEnabled: false });
    const on = await api.post('/settings/updateTfaEnable');
    expect(on.json()).toEqual({ message: 'Two-factor authentication enabled', tfaEnabled: true });
    expect((await api.post('/settings/tfaEnable')).json()).toEqual({ tfaEnabled: true });
    expect((await api.post('/settings/updateTfaEnable', { enable: true })).json().tfaEnabled).toBe(true);
    const off = await api.post('/settings/updateTfaEnable', { password: user.password });
    expect(off.json()).toEqual({ message: 'Two-factor authentication disabled', tfaEnabled: false });
    // Already off: asking for off again changes nothing and needs no password.
    expect((await api.post('/settings/updateTfaEnable', { enable: false })).json().tfaEnabled).toBe(false);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.tfaEnabled).toBe(false);
    const audit = await db().select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(
      audit.filter((entry) => entry.action.startsWith('settings.tfa.')).map((entry) => entry.action),
    ).toEqual(['settings.tfa.enabled', 'settings.tfa.disabled']);
  });

  it('turns two-factor off only with the current password, whether toggled or set', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'guarded' });
    const { api } = await signIn(user);
    expect((await api.post('/settings/updateTfaEnable', { enable: true })).json().tfaEnabled).toBe(true);
    const refusals: [object | undefined, string][] = [
      [undefined, messages.currentPasswordRequired],
      [{ enable: false }, messages.currentPasswordRequired],
      [{ enable: false, password: '' }, messages.currentPasswordRequired],
      [{ password: 'Wrong@12345' }, settingsMessages.wrongCurrentPassword],
      [{ enable: false, password: 'Wrong@12345' }, settingsMessages.wrongCurrentPassword],
    ];
    for (const [body, message] of refusals) {
      const response = await api.post('/settings/updateTfaEnable', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
      expect((await api.post('/settings/tfaEnable')).json()).toEqual({ tfaEnabled: true });
    }
    const off = await api.post('/settings/updateTfaEnable', { enable: false, password: user.password });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: settingsMessages.tfaDisabled, tfaEnabled: false });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.tfaEnabled).toBe(false);
    const audit = await db().select().from(auditLog).where(eq(auditLog.userId, user.id));
    const actions = audit.map((entry) => entry.action).filter((action) => action.startsWith('settings.tfa.'));
    expect(actions.filter((action) => action === 'settings.tfa.failure')).toHaveLength(2);
    expect(actions).toContain('settings.tfa.disabled');
    expect(JSON.stringify(audit)).not.toContain('Wrong@12345');
  });

  it('limits password guesses when turning two-factor off, as the other settings calls', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'guessed' });
    const { api } = await signIn(user);
    expect((await api.post('/settings/updateTfaEnable', { enable: true })).json().tfaEnabled).toBe(true);
    let refused = 0;
    for (let attempt = 0; attempt < 25 && refused === 0; attempt += 1) {
      const response = await api.post('/settings/updateTfaEnable', {
        enable: false,
        password: `Guess@${attempt}000`,
      });
      if (response.statusCode === 429) refused = attempt + 1;
      else expect(response.statusCode).toBe(400);
    }
    expect(refused).toBeGreaterThan(1);
    expect(refused).toBeLessThanOrEqual(25);
    // Once limited, even the right password waits.
    const limited = await api.post('/settings/updateTfaEnable', { enable: false, password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api.post('/settings/tfaEnable')).json()).toEqual({ tfaEnabled: true });
  });
});

describe('profile image', () => {
  // Real images: the server decodes and re-encodes what it stores (see auth/profile-image.test.ts).
  let png: Buffer;
  let webp: Buffer;
  beforeAll(async () => {
    const pixels = () => sharp({ create: { width: 16, height: 12, channels: 3, background: '#22aa66' } });
    png = await pixels().png().toBuffer();
    webp = await pixels().webp().toBuffer();
  });

  it('accepts png/jpeg/webp by content, refuses other types, lies and oversize, and serves it back', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'pictured', withProfile: true });
    const { api } = await signIn(user);
    const ok = await api.post('/auth/userProfileImageUpload', {
      image: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(ok.statusCode).toBe(200);
    const fetched = await api.get('/auth/userProfileImage');
    expect(ok.json()).toEqual({
      message: 'Profile image uploaded successfully',
      contentType: 'image/png',
      size: fetched.rawPayload.length,
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    const served = await sharp(fetched.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', 16, 12]);
    expect((await api.post('/auth/profileDetails')).json().hasImage).toBe(true);

    expect(
      (await api.post('/auth/userProfileImageUpload', { image: webp.toString('base64') })).json().contentType,
    ).toBe('image/webp');
    const svg = await api.post('/auth/userProfileImageUpload', {
      image: Buffer.from('<svg onload="alert(1)"/>').toString('base64'),
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe('Only PNG, JPEG or WebP images are allowed');
    const lying = await api.post('/auth/userProfileImageUpload', {
      image: `data:image/jpeg;base64,${png.toString('base64')}`,
    });
    expect(lying.statusCode).toBe(415);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await api.post('/auth/userProfileImageUpload', { image: big.toString('base64') });
    expect([400, 413]).toContain(tooBig.statusCode);
    expect(tooBig.json().message).toBe('The image must be 2 MB or smaller');
  });

  it('needs a profile first', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'faceless' });
    const { api } = await signIn(user);
    const response = await api.post('/auth/userProfileImageUpload', { image: png.toString('base64') });
    expect(response.statusCode).toBe(409);
    expect((await api.get('/auth/userProfileImage')).statusCode).toBe(404);
  });
});
