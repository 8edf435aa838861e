import i18next, { type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { rememberTranslations } from './remembered.ts';

const STRINGS = {
  en: {
    trade: {
      buy: 'Buy',
      price: 'Price ({{quote}})',
      orders_one: '{{count}} order',
      orders_other: '{{count}} orders',
      form: { buy: 'Buy now' },
    },
  },
  es: {
    trade: {
      buy: 'Comprar',
      price: 'Precio ({{quote}})',
      orders_one: '{{count}} orden',
      orders_other: '{{count}} órdenes',
    },
  },
};

/** `getFixedT` without the app's typed keys (these strings are the test's own). */
type Loose = (key: string, options?: object) => string;
const fixedT = (i18n: I18n, ...args: unknown[]): Loose =>
  (i18n.getFixedT as unknown as (...a: unknown[]) => Loose)(...args);

/** An i18next of its own (the app's is shared by every test), with the app's remembering and a call count. */
async function instance(): Promise<{ i18n: I18n; lookups: () => number }> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['trade'],
    defaultNS: 'trade',
    resources: structuredClone(STRINGS),
    interpolation: { escapeValue: false },
  });
  rememberTranslations(i18n);
  let count = 0;
  const translator = (i18n as unknown as { translator: { translate: (...a: unknown[]) => unknown } })
    .translator;
  const translate = translator.translate.bind(translator);
  translator.translate = (...args: unknown[]) => {
    count += 1;
    return translate(...args);
  };
  return { i18n, lookups: () => count };
}

describe('rememberTranslations', () => {
  it('answers what i18next answers, looking each key and options up once', async () => {
    const { i18n, lookups } = await instance();
    const t = fixedT(i18n, null, 'trade');
    for (let round = 0; round < 3; round++) {
      expect(t('buy')).toBe('Buy');
      expect(t('price', { quote: 'USDT' })).toBe('Price (USDT)');
      expect(t('price', { quote: 'BTC' })).toBe('Price (BTC)');
      expect(t('orders', { count: 1 })).toBe('1 order');
      expect(t('orders', { count: 5 })).toBe('5 orders');
    }
    // Five different calls, each looked up in the first round only.
    expect(lookups()).toBe(5);
  });

  it('writes the new language after a switch, and a changed bundle after it is added', async () => {
    const { i18n } = await instance();
    const t = fixedT(i18n, null, 'trade');
    expect(t('buy')).toBe('Buy');
    await i18n.changeLanguage('es');
    expect(t('buy')).toBe('Comprar');
    expect(t('orders', { count: 2 })).toBe('2 órdenes');
    i18n.addResourceBundle('es', 'trade', { buy: 'Compra' }, true, true);
    expect(t('buy')).toBe('Compra');
    i18n.removeResourceBundle('es', 'trade');
    expect(t('buy')).toBe('Buy');
  });

  it('keeps each fixed language and key prefix apart', async () => {
    const { i18n } = await instance();
    expect(fixedT(i18n, 'es', 'trade')('buy')).toBe('Comprar');
    expect(fixedT(i18n, 'en', 'trade')('buy')).toBe('Buy');
    expect(fixedT(i18n, null, 'trade', 'form')('buy')).toBe('Buy now');
    expect(fixedT(i18n, null, 'trade')('buy')).toBe('Buy');
    expect(fixedT(i18n, 'es', 'trade')('buy')).toBe('Comprar');
  });

  it('does not remember calls whose options hold more than plain values', async () => {
    const { i18n, lookups } = await instance();
    const t = fixedT(i18n, null, 'trade');
    const before = lookups();
    t('price', { quote: 'USDT', extra: { nested: true } });
    t('price', { quote: 'USDT', extra: { nested: true } });
    expect(lookups() - before).toBe(2);
  });
});
