import { ZEmptyData } from '../account.ts';
import {
  ZPushKeyData,
  ZPushSubscribeBody,
  ZPushSubscriptionData,
  ZPushUnsubscribeBody,
  ZSettingsBody,
  ZSettingsData,
} from '../settings.ts';
import { q, type RouteDef, route } from './define.ts';

/** The account's settings and web push (issue 15). */
export const settingsRoutes = {
  'settings.get': route({
    method: 'GET',
    path: '/api/settings',
    auth: 'user',
    spec: false,
    tag: 'settings',
    summary: 'Theme, language and notification choices (defaults until first changed)',
    query: q({}),
    data: ZSettingsData,
  }),
  'settings.update': route({
    method: 'POST',
    path: '/api/settings',
    auth: 'user',
    spec: false,
    tag: 'settings',
    summary: 'Change some settings: only the fields given change',
    body: ZSettingsBody,
    data: ZSettingsData,
  }),
  'push.key': route({
    method: 'GET',
    path: '/api/push/key',
    auth: 'user',
    spec: false,
    tag: 'settings',
    summary: "The server's VAPID public key, to subscribe a browser with",
    query: q({}),
    data: ZPushKeyData,
  }),
  'push.subscribe': route({
    method: 'POST',
    path: '/api/push/subscribe',
    auth: 'user',
    spec: false,
    tag: 'settings',
    summary: "This device's push: a browser's PushSubscription, or a native app's token",
    body: ZPushSubscribeBody,
    data: ZPushSubscriptionData,
  }),
  'push.unsubscribe': route({
    method: 'POST',
    path: '/api/push/unsubscribe',
    auth: 'user',
    spec: false,
    tag: 'settings',
    summary: "Stop push to this device (one of the caller's subscriptions; 404 otherwise)",
    body: ZPushUnsubscribeBody,
    data: ZEmptyData,
  }),
} as const satisfies Record<string, RouteDef>;
