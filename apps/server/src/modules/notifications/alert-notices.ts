import { LANGUAGES } from '@fit24/contract';
import { type RawBuilder, sql } from 'kysely';
import { sqlAmount } from './format.ts';
import { links } from './links.ts';
import { render } from './messages.ts';

/** Stands for the price in a rendered text, replaced by the SQL that writes it. */
const PRICE = '\u0000';

/** `text` as a SQL text expression, with `price` where the catalogue put the price. */
function withPrice(text: string, price: RawBuilder<string>): RawBuilder<string> {
  const parts = text.split(PRICE).map((part) => sql<string>`${part}::text`);
  return sql<string>`(${sql.join(
    parts.flatMap((part, i) => (i === 0 ? [part] : [price, part])),
    sql` || `,
  )})`;
}

/**
 * The notices of the alerts a batch fired, as rows for `insertLocalized` (same columns, same order as
 * `localizedRows`), read from `fired` (user_id, condition, price in ticks). The alerts are only known
 * inside the statement, so the price is written by SQL in each language's way; the rest of the texts
 * comes from the catalogue like every other notification.
 */
export function firedAlertRows(
  market: { marketId: number; symbol: string; quote: string; priceDecimals: number },
  fired: string,
  now: Date,
): RawBuilder<unknown> {
  const priceText = sql`trim_scale(price::numeric / ${10n ** BigInt(market.priceDecimals)}::numeric)::text`;
  const texts = LANGUAGES.flatMap((language) => {
    const [above, below] = (['ABOVE', 'BELOW'] as const).map((condition) =>
      render(language, 'PRICE_ALERT', {
        symbol: market.symbol,
        quote: market.quote,
        condition,
        price: PRICE,
      }),
    );
    const price = sqlAmount(language, priceText);
    return (['title', 'body'] as const).map(
      (part) =>
        sql`case when condition = 'ABOVE' then ${withPrice(above![part], price)}
          else ${withPrice(below![part], price)} end`,
    );
  });
  return sql`select user_id, 'PRICE_ALERT'::text, ${sql.join(texts)},
      ${links.trade(market.marketId)}::text, null::text, null::bigint, ${now}::timestamptz
    from ${sql.table(fired)}`;
}
