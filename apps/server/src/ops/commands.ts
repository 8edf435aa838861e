import { type RouteId, routes } from '@fit24/contract';

/**
 * The operator CLI's commands: each is one `/ops` call of the contract. Positional arguments fill the
 * body (or query) fields in order; `--name value` fills the rest. Numbers stay strings where the call
 * takes money (amounts are decimal strings), and become numbers where the contract wants an integer.
 */
export interface OpsCommand {
  route: RouteId;
  args: string[];
  options?: string[];
  /** Fields sent as JSON numbers rather than strings. */
  integers?: string[];
  /** Fields the command itself sets (`market-halt` sends status HALTED). */
  fixed?: Record<string, string | boolean>;
  help: string;
}

export const opsCommands: Record<string, OpsCommand> = {
  audit: { route: 'ops.audit', args: [], help: 'run every invariant check (exit 1 when one fails)' },
  'operator-create': {
    route: 'ops.operatorCreate',
    args: ['email'],
    options: ['role', 'name', 'password'],
    help: 'a new operator <email> --role admin|finance|compliance|support|market [--name "Ada L."]',
  },
  operators: { route: 'ops.operators', args: [], help: 'every operator' },
  'operator-role': {
    route: 'ops.operatorUpdate',
    args: ['operator_id', 'role'],
    integers: ['operator_id'],
    help: "change an operator's role <id> <role>",
  },
  'operator-disable': {
    route: 'ops.operatorUpdate',
    args: ['operator_id'],
    integers: ['operator_id'],
    fixed: { disabled: true },
    help: 'disable an operator: their sessions and tokens end <id>',
  },
  token: {
    route: 'ops.tokenCreate',
    args: ['name'],
    help: 'a machine token acting as you <name> (shown once)',
  },
  me: { route: 'ops.me', args: [], help: 'who you are signed in as, and what your role allows' },
  signout: { route: 'ops.signout', args: [], help: 'end your session' },
  trail: {
    route: 'ops.trail',
    args: [],
    options: ['operator_id', 'action', 'target', 'page'],
    help: "the operators' trail, newest first [--action ops.withdrawalsApprove] [--target …]",
  },
  outbox: {
    route: 'ops.outbox',
    args: [],
    options: ['to'],
    help: 'messages that would have been sent [--to address]',
  },
  clock: {
    route: 'ops.clock',
    args: ['advance_seconds'],
    integers: ['advance_seconds'],
    help: 'move the test clock forward by N seconds',
  },
  deposit: {
    route: 'ops.devnetDeposit',
    args: ['email_id', 'symbol', 'amount'],
    options: ['confirmations'],
    integers: ['confirmations'],
    help: 'incoming devnet transfer <email> <symbol> <amount> [--confirmations n]',
  },
  custody: {
    route: 'ops.custody',
    args: [],
    help: 'on-chain balances against the ledger per asset, and withdrawals waiting for the hot wallet',
  },
  'custody-token': {
    route: 'ops.custodyToken',
    args: ['symbol', 'contract'],
    help: "set an ERC-20 asset's contract on the EVM chain <symbol> <0x…>",
  },
  'reserves-snapshot': {
    route: 'ops.reservesSnapshot',
    args: [],
    help: 'take a proof-of-reserves snapshot now and publish it (GET /api/reserves lists it)',
  },
  mine: { route: 'ops.devnetMine', args: ['blocks'], integers: ['blocks'], help: 'mine N devnet blocks now' },
  notice: {
    route: 'ops.notices',
    args: ['symbol', 'type', 'title', 'body'],
    help: 'asset notice <symbol> <deposit|withdraw> <title> <body>',
  },
  grant: {
    route: 'ops.lockedGrant',
    args: ['email_id', 'symbol', 'amount'],
    help: 'grant a locked balance <email> <symbol> <amount>',
  },
  'pool-fund': { route: 'ops.poolFund', args: ['amount'], help: 'fund the FIT24 rewards pool <amount>' },
  surge: {
    route: 'ops.surge',
    args: ['week_start', 'surge'],
    help: "set a week's surge <YYYY-MM-DD> <multiplier>",
  },
  rewards: {
    route: 'ops.rewardsRun',
    args: [],
    options: ['date'],
    help: 'run the daily rewards [--date YYYY-MM-DD]',
  },
  withdrawals: {
    route: 'ops.withdrawals',
    args: [],
    options: ['status'],
    help: 'the withdrawal queue [--status PENDING]',
  },
  approve: {
    route: 'ops.withdrawalsApprove',
    args: ['withdrawal_id'],
    integers: ['withdrawal_id'],
    help: 'approve a withdrawal <id>',
  },
  reject: {
    route: 'ops.withdrawalsReject',
    args: ['withdrawal_id'],
    integers: ['withdrawal_id'],
    help: 'reject a withdrawal <id>',
  },
  rank: {
    route: 'ops.ranks',
    args: ['name', 'required_business', 'required_directs', 'reward'],
    integers: ['required_directs'],
    help: 'create or change a rank <name> <team business> <directs> <reward>',
  },
  banner: {
    route: 'ops.banners',
    args: ['title', 'image_url'],
    options: ['link'],
    help: 'add a home banner <title> <image url> [--link /earn]',
  },
  'market-halt': {
    route: 'ops.marketStatus',
    args: ['symbol'],
    fixed: { status: 'HALTED' },
    help: 'halt a market: new orders refused, cancels still work <BTC/USDT>',
  },
  'market-resume': {
    route: 'ops.marketStatus',
    args: ['symbol'],
    fixed: { status: 'OPEN' },
    help: 'resume a halted market <BTC/USDT>',
  },
  freeze: {
    route: 'ops.userFreeze',
    args: ['email_id'],
    help: 'freeze a user: every session ends, withdrawals and transfers stop <email>',
  },
  unfreeze: {
    route: 'ops.userUnfreeze',
    args: ['email_id'],
    help: 'unfreeze a user: withdrawals and transfers work again <email>',
  },
  'kyc-approve': { route: 'ops.kycApprove', args: ['email_id'], help: 'approve a KYC submission <email>' },
  'kyc-reject': {
    route: 'ops.kycReject',
    args: ['email_id'],
    options: ['reason'],
    help: 'reject a KYC submission <email> [--reason text]',
  },
};

export interface OpsRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

/** Turns command-line words into the HTTP request of the command, or explains what is wrong. */
export function toRequest(name: string, words: string[]): OpsRequest {
  const command = opsCommands[name];
  if (!command) throw new Error(`Unknown command "${name}". Run "npm run ops -- help" for the list.`);
  const fields: Record<string, unknown> = { ...command.fixed };
  const positional: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.startsWith('--')) {
      const key = word.slice(2);
      if (!command.options?.includes(key)) throw new Error(`${name} has no option --${key}.`);
      const value = words[++i];
      if (value === undefined) throw new Error(`--${key} needs a value.`);
      fields[key] = value;
    } else positional.push(word);
  }
  if (positional.length !== command.args.length) {
    throw new Error(`Usage: ${name} ${command.args.map((a) => `<${a}>`).join(' ')}`.trim());
  }
  command.args.forEach((arg, i) => {
    fields[arg] = positional[i];
  });
  for (const key of command.integers ?? []) {
    if (fields[key] !== undefined) {
      const n = Number(fields[key]);
      if (!Number.isInteger(n)) throw new Error(`${key} must be a whole number.`);
      fields[key] = n;
    }
  }
  const route = routes[command.route];
  if (name === 'operator-create' && fields.name === undefined)
    fields.name = String(fields.email).split('@')[0];
  if (route.method === 'GET') {
    const query = new URLSearchParams(fields as Record<string, string>).toString();
    return { method: 'GET', path: query ? `${route.path}?${query}` : route.path };
  }
  return { method: 'POST', path: route.path, body: fields };
}
