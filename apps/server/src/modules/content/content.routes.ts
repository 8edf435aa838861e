import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { BannerRow } from '../../db/schema.ts';
import { defineHandlers } from '../../http/contract-routes.ts';
import * as usersRepo from '../account/users.repository.ts';
import * as contentRepo from './content.repository.ts';

const bannerRowToBanner = (row: BannerRow) => ({
  banner_id: Number(row.banner_id),
  title: row.title,
  image_url: row.image_url,
  link: row.link,
});

export const contentHandlers = defineHandlers({
  'banner.list': async (ctx) => {
    const rows = await contentRepo.banners(ctx.db, 20);
    return { banners: rows.map(bannerRowToBanner) };
  },
  'ops.banners': async (ctx, { body }) => {
    const row = await contentRepo.insertBanner(ctx.db, {
      title: body.title,
      image_url: body.image_url,
      link: body.link ?? null,
      sort_order: body.sort_order ?? 0,
      created_at: ctx.clock.now(),
    });
    return { banner: bannerRowToBanner(row) };
  },
  'user.referrer': async (ctx, { query }) => ({
    code: await contentRepo.deviceReferral(ctx.db, query.device_uuid),
  }),
});

const ZCode = /^[A-Za-z0-9]{4,16}$/;
const ZDevice = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * A share link: `GET /r/CODE?device_uuid=…` remembers which referral code this device arrived with
 * (read back by `/api/user/referrer`) and opens the app's share page, which keeps the code for sign-up.
 */
export function registerShareLinks(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { code: string }; Querystring: { device_uuid?: unknown } }>(
    '/r/:code',
    async (request, reply) => {
      const code = request.params.code.toUpperCase();
      if (!ZCode.test(code)) return reply.redirect('/share');
      const device = request.query.device_uuid;
      if (
        typeof device === 'string' &&
        ZDevice.test(device) &&
        (await usersRepo.findByReferralCode(ctx.db, code))
      ) {
        await contentRepo.saveDeviceReferral(ctx.db, device, code, ctx.clock.now());
      }
      return reply.redirect(`/share?code=${encodeURIComponent(code)}`);
    },
  );
}
