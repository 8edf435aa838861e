/** English strings of the personal API keys screen (the source language: every other locale mirrors these keys). */
export default {
  title: 'API keys',
  lead: 'Personal keys let your own programs and trading bots read your account and trade for you, without your password. Each request is signed with the key’s secret.',
  docs: 'Read the API documentation',
  loading: 'Loading your API keys',
  loadError: 'Your API keys could not be loaded',
  empty: {
    title: 'No API keys yet',
    text: 'Create a key for a bot or a script: choose what it may do, where it may connect from and when it stops working. You can revoke it at any time.',
  },
  create: {
    open: 'Create API key',
    title: 'New API key',
    label: 'Label',
    labelPlaceholder: 'Grid bot on my server',
    labelHelper: 'A name to recognise the key by, up to 60 characters.',
    scopes: 'Permissions',
    scopesError: 'Choose at least one permission.',
    ipAllowlist: 'IP allow-list (optional)',
    ipPlaceholder: '203.0.113.7\n198.51.100.0/24',
    ipHelper: 'Addresses or CIDR ranges, separated by commas or new lines. Leave empty to allow any address.',
    ipInvalid_one: 'Not an IP address or CIDR range: {{entries}}',
    ipInvalid_other: 'Not IP addresses or CIDR ranges: {{entries}}',
    ipTooMany: 'At most {{max}} entries.',
    expiry: 'Expires',
    expiryOptions: {
      d30: 'In 30 days',
      d90: 'In 90 days',
      d365: 'In 1 year',
      never: 'Never',
    },
    neverWarning: 'A key that never expires keeps working until you revoke it.',
    submit: 'Create key',
    cancel: 'Cancel',
    created: 'API key created',
  },
  scopes: {
    read: { name: 'Read', hint: 'Balances, orders, trades and history.' },
    trade: { name: 'Trade', hint: 'Place and cancel orders.' },
    withdraw: { name: 'Withdraw', hint: 'Send funds, only to addresses in your address book.' },
  },
  withdrawWarning:
    'A key with this permission can move money out of your account. Withdrawals with it go only to confirmed addresses of your address book (whitelisted), never to a new address. Add an IP allow-list and keep the secret on a server you control.',
  secret: {
    title: 'Your new API key',
    warning:
      'Copy the secret now: you won’t see it again. FIT24 keeps it sealed and can never show it to you. If you lose it, revoke the key and create another.',
    keyId: 'API key',
    secret: 'Secret',
    copyKey: 'Copy API key',
    copySecret: 'Copy secret',
    copied: 'Copied',
    copyRefused: 'The browser did not allow copying: select the text and copy it by hand.',
    example: 'Signing a request',
    exampleLead:
      'Send three headers: FIT24-KEY, FIT24-TIMESTAMP (milliseconds) and FIT24-SIGNATURE, the hex HMAC-SHA256 of timestamp + method + path + body under the secret. In Node.js:',
    code: `import { createHmac } from 'node:crypto';

// Sign: timestamp + METHOD + path + body
const path = '/api/asset/balances';
const ts = String(Date.now());
const sig = createHmac('sha256', process.env.FIT24_SECRET)
  .update(ts + 'GET' + path)
  .digest('hex');

// Send the key, the timestamp and the signature
const res = await fetch('{{baseUrl}}' + path, {
  headers: {
    'FIT24-KEY': '{{keyId}}',
    'FIT24-TIMESTAMP': ts,
    'FIT24-SIGNATURE': sig,
  },
});
console.log(await res.json());`,
    done: 'I have saved the secret',
  },
  key: {
    scopes: 'Permissions',
    ipAllowlist: 'IP allow-list',
    anyAddress: 'Any address',
    expires: 'Expires',
    expired: 'Expired',
    never: 'Never',
    created: 'Created',
    lastUsed: 'Last used',
    notUsed: 'Not used yet',
    revokedAt: 'Revoked',
    revoke: 'Revoke',
  },
  status: {
    ACTIVE: 'Active',
    EXPIRED: 'Expired',
    REVOKED: 'Revoked',
  },
  revoke: {
    header: 'Revoke this API key?',
    message: '“{{label}}” stops working at once: every program using it is refused. This cannot be undone.',
    confirm: 'Revoke key',
    cancel: 'Keep it',
    done: 'API key revoked',
  },
  count_one: '{{count}} key',
  count_other: '{{count}} keys',
};
