import type { i18n as I18n, TFunction } from 'i18next';

/** Strings kept at most; past it the store starts again (interpolated prices make keys without end). */
const LIMIT = 4000;

type Option = string | number | boolean | null | undefined;
type Untyped = (...args: unknown[]) => unknown;

/**
 * Makes every `t` the app is given (`useTranslation`'s, through `getFixedT`) remember what it wrote: the
 * same key with the same options in the same language and namespaces answers the string it answered last
 * time. i18next's own `t` copies its whole options object and walks the resources on every call (≈ 15 µs
 * warm, far more while the page's code is still cold), and a screen calls it dozens of times a render — the
 * trade form redrawn by a live price paid a third of its render in it. Only calls whose options are all
 * plain values (strings, numbers, booleans) and whose answer is a string are remembered; the store is
 * emptied whenever the strings can change: a language switched, a namespace loaded, a bundle added or
 * removed.
 */
export function rememberTranslations(i18n: I18n): void {
  const known = new Map<string, string>();
  const forget = () => known.clear();
  for (const event of ['initialized', 'loaded', 'languageChanged'] as const) i18n.on(event, forget);
  i18n.store.on('added', forget);
  i18n.store.on('removed', forget);

  const fixed = i18n.getFixedT.bind(i18n);
  i18n.getFixedT = ((...args: Parameters<typeof fixed>) => {
    const t = fixed(...args);
    const call = t as unknown as Untyped;
    const [lng, ns, keyPrefix] = args;
    const scope = `${String(keyPrefix ?? '')}\u0000${Array.isArray(ns) ? ns.join(',') : String(ns ?? '')}`;
    const remembering = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
      const said = rest.length === 0 ? spelling(options) : null;
      if (typeof key !== 'string' || said === null) return call(key, options, ...rest);
      const id = `${typeof lng === 'string' ? lng : i18n.language}\u0000${scope}\u0000${key}\u0000${said}`;
      const found = known.get(id);
      if (found !== undefined) return found;
      const text = call(key, options);
      if (typeof text === 'string') {
        if (known.size >= LIMIT) known.clear();
        known.set(id, text);
      }
      return text;
    }) as unknown as TFunction;
    // Its language, namespaces and key prefix, which callers may read.
    return Object.assign(remembering, t);
  }) as typeof i18n.getFixedT;
}

/** The options of one call as text, or null when they hold more than plain values (then not remembered). */
function spelling(options: unknown): string | null {
  if (options === undefined) return '';
  if (typeof options === 'string') return `=${options}`;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return null;
  for (const value of Object.values(options)) if (!isPlain(value)) return null;
  return JSON.stringify(options);
}

function isPlain(value: unknown): value is Option {
  return value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value);
}
