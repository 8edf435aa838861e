// Where the machine's CPU went during a bench run, by party: the server (this process), the database
// (PostgreSQL's processes, when it runs on this machine), the load generator (its child process reports its
// own) and the rest. Read from Linux's /proc; elsewhere the reading is null and nothing is printed.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Clock ticks a second in /proc's counters (USER_HZ): 100 on every Linux this runs on. */
const TICK_US = 10_000;

export interface MachineReading {
  /** CPU time of every core, busy (not idle nor waiting on I/O), µs. */
  busyUs: number;
  /** CPU time of the processes named `postgres`, µs. */
  databaseUs: number;
}

function readOr<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** Busy and database CPU so far; null where /proc cannot be read. */
export function machineReading(): MachineReading | null {
  const stat = readOr(() => readFileSync('/proc/stat', 'utf8'), null);
  if (stat === null) return null;
  // "cpu  user nice system idle iowait irq softirq steal …" (ticks, all cores).
  const ticks = stat.split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const busy = ticks.slice(0, 8).reduce((sum, t) => sum + t, 0) - idle;
  let database = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const line = readOr(() => readFileSync(`/proc/${pid}/stat`, 'utf8'), '');
    // "pid (comm) state …": fields after the command's closing parenthesis; utime and stime are 14 and 15.
    const close = line.lastIndexOf(')');
    if (close < 0 || line.slice(line.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = line.slice(close + 2).split(' ');
    database += Number(fields[11]) + Number(fields[12]);
  }
  return { busyUs: busy * TICK_US, databaseUs: database * TICK_US };
}

/**
 * One line of µs per order by party over a run, and the rate the machine could reach at that cost with every
 * core busy, against the goal's rate. The server's and the load generator's CPU are measured by their
 * processes; a database process that started and ended within the run is missed (its time falls in "other").
 */
export function machineLine(
  before: MachineReading | null,
  after: MachineReading | null,
  orders: number,
  serverUs: number,
  loadUs: number,
  goalPerSecond: number,
): string | null {
  if (before === null || after === null || orders === 0) return null;
  const cores = availableParallelism();
  const busy = after.busyUs - before.busyUs;
  const database = after.databaseUs - before.databaseUs;
  const other = Math.max(0, busy - serverUs - database - loadUs);
  const per = (us: number) => Math.round(us / orders);
  const total = per(busy);
  const ceiling = Math.round((cores * 1e6) / Math.max(1, total));
  return [
    `    machine CPU per order: server ${per(serverUs)} · database ${per(database)} · load generator ${per(loadUs)} · other ${per(other)} = ${total} µs`,
    `      (${cores} cores: ${ceiling.toLocaleString('en')} orders/s at that cost; ${goalPerSecond.toLocaleString('en')}/s leaves ${Math.round((cores * 1e6) / goalPerSecond)} µs an order)`,
  ].join('\n');
}
