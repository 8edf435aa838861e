import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@fit24/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetId, createTrader, deposit } from '../../testing/funds.ts';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { fundedUser, marketIdOf, place } from '../../testing/trading.ts';
import { formatterFor, sqlAmount } from './format.ts';
import { links, TRANSACTION_PATH } from './links.ts';
import { render } from './messages.ts';
import { notifyAll } from './notifications.service.ts';

type Listed = { type: string; title: string; body: string; link: string | null };

/** The web app's route paths (apps/web/src/app/routes.tsx), with the affiliate screens spelled out. */
function appPaths(): Set<string> {
  const web = new URL('../../../../web/src/', import.meta.url);
  const routes = readFileSync(new URL('app/routes.tsx', web), 'utf8');
  const screens = readFileSync(new URL('features/affiliate/screens.ts', web), 'utf8');
  const paths = [...routes.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
  const affiliate = [...screens.matchAll(/^\s+'([a-z]+)',$/gm)].map((m) => `/affiliate/${m[1]}`);
  // The affiliate routes are made from that list.
  expect(routes).toMatch(/path: `\/affiliate\/\$\{screen\}`/);
  return new Set([...paths, ...affiliate]);
}

const pathOf = (link: string) => link.split('?')[0]!;

describe('the notifications catalogue', () => {
  it('writes amounts and dates each language its way', () => {
    const es = formatterFor('es');
    expect(['1250.5', '1234567.891', '100', '0.01', '61000'].map(es.amount)).toEqual([
      '1.250,5',
      '1.234.567,891',
      '100',
      '0,01',
      '61.000',
    ]);
    // English keeps the digits it always showed.
    expect(formatterFor('en').amount('61000.5')).toBe('61,000.5');
    const at = new Date(Date.UTC(2026, 10, 27, 9, 5));
    expect(es.dateTime(at)).toBe('27 de noviembre de 2026, 09:05 UTC');
    expect(formatterFor('en').dateTime(at)).toBe('27 Nov 2026, 09:05 UTC');
    expect(es.day('2026-01-03')).toBe('3 de enero de 2026');
  });

  it('writes English and Spanish texts, numbers grouped and dates for people in each', () => {
    const deposit = { symbol: 'USDT', amount: '1250.5' };
    expect(render('en', 'DEPOSIT_CREDITED', deposit)).toEqual({
      title: 'USDT deposit received',
      body: '1,250.5 USDT was credited to your wallet.',
    });
    expect(render('es', 'DEPOSIT_CREDITED', deposit)).toEqual({
      title: 'Depósito de USDT recibido',
      body: 'Recibiste 1.250,5 USDT en tu billetera.',
    });
    expect(render('en', 'SECURITY_CHANGED', { change: 'FACTOR_REMOVED', factor: 'PASSKEY' }).body).toBe(
      'Passkey removed. Withdrawals and transfers are paused for a while, for your safety. If this was not you, freeze your account from Security.',
    );
    expect(render('en', 'KYC_REJECTED', { reason: null }).body).toBe(
      'Your identity documents were rejected: The documents could not be verified. You can submit new documents.',
    );
    expect(render('es', 'REWARD_CREDITED', { amount: '12.5', day: '2026-11-25' }).body).toBe(
      'Tu billetera de afiliado recibió 12,5 FIT24 de recompensas del 25 de noviembre de 2026.',
    );
  });

  it('links only to pages the app has', () => {
    const paths = appPaths();
    const fixed = [links.kyc, links.security, links.stake, links.earnings, links.ranks, links.trade(1)];
    for (const link of [...fixed, TRANSACTION_PATH]) expect(paths, link).toContain(pathOf(link));
  });
});

describe.each(databasesUnderTest())('notifications in the user’s language on $name', (database) => {
  let t: TestApp;
  let btc: number;
  beforeAll(async () => {
    t = await createTestApp(database);
    btc = await marketIdOf(t, 'BTC/USDT');
  });
  afterAll(async () => {
    await t?.close();
  });

  const speakSpanish = async (user: RegisteredUser) => {
    const set = await t.api('POST', '/api/settings', { token: user.token, body: { language: 'es' } });
    expect(set.status).toBe(200);
  };
  const listed = async (user: RegisteredUser): Promise<Listed[]> =>
    (await t.api('GET', '/api/notification/list', { token: user.token })).body.data.notifications;
  const newest = async (user: RegisteredUser, type: string) =>
    (await listed(user)).find((n) => n.type === type);
  /** The transaction a link opens, as the app's detail page asks for it. */
  const opened = async (user: RegisteredUser, link: string | null | undefined) => {
    expect(link).toMatch(/^\/funds\/transaction\?id=\d+$/);
    const id = new URL(link!, 'http://app').searchParams.get('id');
    const answer = await t.api('GET', `/api/asset/transaction?id=${id}`, { token: user.token });
    expect(answer.status).toBe(200);
    return answer.body.data.transaction as { type: string; amount: string };
  };

  it("tells a Spanish user of a deposit in Spanish, an English user in English, each linking the deposit's page", async () => {
    const [spanish, english] = [await registerVerifiedUser(t), await registerVerifiedUser(t)];
    await speakSpanish(spanish);
    await deposit(t, spanish.email, 'USDT', '1250.5');
    await deposit(t, english.email, 'USDT', '1250.5');

    const es = await newest(spanish, 'DEPOSIT_CREDITED');
    expect(es).toMatchObject({
      title: 'Depósito de USDT recibido',
      body: 'Recibiste 1.250,5 USDT en tu billetera.',
    });
    expect(await opened(spanish, es?.link)).toMatchObject({ type: 'DEPOSIT', amount: '1250.5' });

    const en = await newest(english, 'DEPOSIT_CREDITED');
    expect(en).toMatchObject({
      title: 'USDT deposit received',
      body: '1,250.5 USDT was credited to your wallet.',
    });
    expect(await opened(english, en?.link)).toMatchObject({ type: 'DEPOSIT', amount: '1250.5' });
  });

  it("links a transfer to each side's own line, and a security change to the security page", async () => {
    const sender = await createTrader(t);
    const recipient = await registerVerifiedUser(t);
    await speakSpanish(recipient);
    expect(await newest(sender, 'TXN_PASSWORD_SET')).toMatchObject({ link: links.security });
    await deposit(t, sender.email, 'USDT', '10');
    const sent = await t.api('POST', '/api/asset/transfer', {
      token: sender.token,
      body: {
        asset_id: await assetId(t, 'USDT'),
        amount: '2',
        to_email_id: recipient.email,
        txn_password: sender.txnPassword,
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const out = await newest(sender, 'TRANSFER_SENT');
    expect(out).toMatchObject({
      title: 'USDT sent',
      body: expect.stringMatching(/^You sent 2 USDT to .+\.$/),
    });
    expect(await opened(sender, out?.link)).toMatchObject({ type: 'TRANSFER_OUT' });
    const into = await newest(recipient, 'TRANSFER_RECEIVED');
    expect(into).toMatchObject({
      title: 'USDT recibido',
      body: expect.stringMatching(/^Recibiste 2 USDT de .+\.$/),
    });
    expect(await opened(recipient, into?.link)).toMatchObject({ type: 'TRANSFER_IN' });
  });

  it("writes a fill and a price alert in each side's language, linking the market", async () => {
    const seller = await fundedUser(t, { BTC: '1' });
    const buyer = await fundedUser(t, { USDT: '100000' });
    await speakSpanish(seller);
    const alert = await t.api('POST', '/api/alert/create', {
      token: seller.token,
      body: { market_id: btc, condition: 'ABOVE', price: '61000.5' },
    });
    expect(alert.status).toBe(200);
    await place(t, seller, { market_id: btc, side: 'SELL', type: 'LIMIT', price: '61000.5', amount: '0.01' });
    await place(t, buyer, { market_id: btc, side: 'BUY', type: 'LIMIT', price: '61000.5', amount: '0.01' });

    expect(await newest(seller, 'ORDER_FILLED')).toEqual(
      expect.objectContaining({
        title: 'Orden ejecutada',
        body: 'Tu orden de venta en BTC/USDT se ejecutó: 0,01 BTC a un precio medio de 61.000,5 USDT.',
        link: `/trade?market_id=${btc}`,
      }),
    );
    expect(await newest(buyer, 'ORDER_FILLED')).toEqual(
      expect.objectContaining({
        title: 'Order filled',
        body: 'Your BUY order on BTC/USDT was filled: 0.01 BTC at an average price of 61,000.5 USDT.',
        link: `/trade?market_id=${btc}`,
      }),
    );
    expect(await newest(seller, 'PRICE_ALERT')).toEqual(
      expect.objectContaining({
        title: 'Alerta de precio de BTC/USDT',
        body: 'BTC/USDT cotizó a 61.000,5 USDT o más.',
        link: `/trade?market_id=${btc}`,
      }),
    );
  });

  it('writes many notifications in one statement, each in its user’s language', async () => {
    const [spanish, english] = [await registerVerifiedUser(t), await registerVerifiedUser(t)];
    await speakSpanish(spanish);
    const now = t.ctx.clock.now();
    const reward = (user: RegisteredUser) => ({
      userId: BigInt(user.userId),
      type: 'REWARD_CREDITED' as const,
      params: { amount: '1234.5', day: '2026-11-25' },
      link: links.earnings,
      now,
    });
    await t.ctx.db.transaction().execute((trx) => notifyAll(trx, [reward(spanish), reward(english)]));
    expect(await newest(spanish, 'REWARD_CREDITED')).toMatchObject({
      title: 'Recompensas acreditadas',
      body: 'Tu billetera de afiliado recibió 1.234,5 FIT24 de recompensas del 25 de noviembre de 2026.',
      link: '/affiliate/earnings',
    });
    expect(await newest(english, 'REWARD_CREDITED')).toMatchObject({
      title: 'Rewards credited',
      body: '1,234.5 FIT24 of rewards for 25 Nov 2026 was added to your affiliate wallet.',
      link: '/affiliate/earnings',
    });
  });

  it('writes amounts in SQL as the catalogue does', async () => {
    const samples = ['1', '61000.5', '1234567.891', '0.01', '100000'];
    for (const language of LANGUAGES) {
      const f = formatterFor(language);
      for (const sample of samples) {
        const { rows } = await sql<{
          shown: string;
        }>`select ${sqlAmount(language, sql`${sample}::text`)} as shown`.execute(t.ctx.db);
        expect(rows[0]!.shown, `${language} ${sample}`).toBe(f.amount(sample));
      }
    }
  });
});
