// The server's CPU profile for the benches (orders.bench's BENCH_PROFILE): the inspector's sampling
// profiler in the bench's own process (the server's; load generators run in child processes), summarised
// as self time by function and by part of the stack.
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Starts the sampling profiler in this process; the answer stops it and answers the profile. */
export async function startProfile(): Promise<() => Promise<CpuProfile>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    session.disconnect();
    return profile;
  };
}

/** The part of the stack a frame belongs to, by its file: a package, a folder of the server, or V8. */
function partOf(url: string, name: string): string {
  if (url === '') return name.startsWith('(') ? name : 'node/V8 builtins';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  const own = /\/(apps\/server\/src|packages)\/(.*)\/[^/]+$/.exec(url);
  if (own) return own[1] === 'packages' ? `@fit24/${own[2]!.split('/')[0]}` : `server ${own[2]}`;
  const file = /\/(apps\/server\/src)\/([^/]+)$/.exec(url);
  return file ? `server ${file[2]}` : url;
}

/** Self time by function (top `top`) and by part of the stack, as lines to print. */
export function profileSummary(profile: CpuProfile, top: number): string {
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    // A sample's time is the gap to the next one.
    const us = deltas[i + 1] ?? 0;
    selfUs.set(samples[i]!, (selfUs.get(samples[i]!) ?? 0) + us);
  }
  const totalUs = profile.endTime - profile.startTime;
  const byFunction = new Map<string, number>();
  const byPart = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    const where = url ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}` : '';
    const key = where ? `${name}  ${where}` : name;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const part = partOf(url, name);
    byPart.set(part, (byPart.get(part) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%`;
  const rows = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `      ${pct(us)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
  return [
    `    CPU profile of this process (${(totalUs / 1e6).toFixed(1)} s; self time, share of the run):`,
    '    by part of the stack:',
    ...rows(byPart, 30),
    `    top ${top} functions:`,
    ...rows(byFunction, top),
  ].join('\n');
}
