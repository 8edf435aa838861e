import type { Rolldown } from 'vite';

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;
type ModuleInfo = Rolldown.ModuleInfo;

/*
 * Why this exists: left to itself, the bundler makes a chunk of every set of modules shared by the same
 * set of pages, and does not fold into the entry what the entry loads anyway. The first screens loaded
 * 27 files (welcome) and 52 (home), half of them under 1 KB: each file compresses on its own and repeats
 * its imports and exports, about 13 KB gzip of a signed-in user's 172 (issue 15). These groups put what
 * a first screen loads into a few files, and move nothing into a screen that did not load it before:
 *  - index: every module the entry imports, directly or not, in the entry's file;
 *  - ionic-startup: the helpers Ionic loads on demand as every screen starts (STARTUP_HELPERS);
 *  - what the tab bar and home import beyond those (home is a signed-in user's first screen, the tab
 *    bar every tab's frame), by who else needs it: `first-screens`, what the welcome page uses too (both
 *    first screens load it); `pages`, what a visitor's other pages use too (sign-in, register, share:
 *    they load it, not the tab bar); `TabsHomePage`, the rest, which no visitor loads.
 * Everything else is chunked as before. A signed-in page outside the tabs that shares a module with home
 * (money formatting, a market row) loads home's file, which a user on the way there has loaded already.
 * What the walk below cannot see, the bundler's tree-shaking within a module, is why the contract's index
 * is not walked through (PACKAGE_INDEX); the budget test (e2e/budget.e2e.ts) measures what each first
 * screen loads.
 */

/** Pages whose modules start the signed-in shell's file. */
const SIGNED_IN_SHELL = [
  /[\\/]src[\\/]app[\\/]TabsLayout\.tsx$/,
  /[\\/]src[\\/]app[\\/]home[\\/]HomePage\.tsx$/,
];

/**
 * The pages a visitor opens (welcome, sign-in, register…, and the open share and version pages) and the
 * operators' console, with its own sign-in: they never load the tab bar.
 */
const VISITOR_PAGES = [/[\\/]src[\\/]features[\\/](auth|welcome|system)[\\/]/, /[\\/]src[\\/]admin[\\/]/];

/** The welcome screen, a visitor's first: it loads nothing of the signed-in shell it does not use. */
const WELCOME_PAGE = /[\\/]src[\\/]features[\\/]welcome[\\/]pages[\\/]WelcomePage\.tsx$/;

/**
 * Bundles whose imports name more than they use: @ionic/react imports every component it wraps, though
 * the app imports the wrappers from their pieces (build/split-bundles.ts), and ionicons' index every
 * icon. Their imports are followed only to what nothing else imports (the bundle's own components: the
 * app, the router outlet); the rest is reached from the pieces that use it, or not at all.
 */
const BARRELS = [
  /[\\/]node_modules[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/,
  /[\\/]node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]index\.js$/,
  /[\\/]node_modules[\\/]ionicons[\\/]icons[\\/]index\.mjs$/,
];

type Info = (id: string) => ModuleInfo | null;

const NODE_MODULE = /[\\/]node_modules[\\/]/;

/**
 * A package's index (`react-i18next/dist/es/index.js`), which the bundler reads through when it only
 * re-exports. (The contract's index is not gone through: its modules hold schemas beside the constants
 * the app takes from them, so a walk by module would take zod along.)
 */
const PACKAGE_INDEX = /[\\/]node_modules[\\/].*[\\/]index\.m?js$/;

/** Whether `from` really needs `to`: every edge but a barrel's to a module something else imports. */
function follows(info: Info, from: string, to: string): boolean {
  if (!BARRELS.some((barrel) => barrel.test(from))) return true;
  const importers = info(to)?.importers ?? [];
  return importers.every((importer) => BARRELS.some((barrel) => barrel.test(importer)));
}

/** The package an index belongs to, as an import names it: `react-i18next`, `@tanstack/react-query`. */
function packageOf(id: string): string | undefined {
  return /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id)?.[1]?.replace(/\\/g, '/');
}

/** The names a module imports from `pkg` (`import { a, b as c } from 'pkg'`): a, b. */
function namesImported(code: string | null | undefined, pkg: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const [, list = '', from = ''] of (code ?? '').matchAll(
    /\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
  )) {
    if (from !== pkg) continue;
    for (const part of list.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.replace(/^type\s+/, '');
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * The modules `roots` import statically, themselves included, among the bundle's modules (`included`).
 * A package's index left out of the bundle only re-exports (the bundler reads through it: react-i18next's,
 * TanStack Query's): the walk goes through it to the modules exporting a name its importers import.
 */
function reachable(info: Info, included: ReadonlySet<string>, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  // Each index passed through, with the names asked of it so far.
  const asked = new Map<string, Set<string>>();
  const stack: Array<{ id: string; names?: ReadonlySet<string> }> = [...roots].map((id) => ({ id }));
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { id, names } = item;
    const module = info(id);
    if (names) {
      // Reached through an index: only for a name it exports.
      if (!included.has(id) && PACKAGE_INDEX.test(id)) {
        const before = asked.get(id) ?? new Set<string>();
        const more = [...names].filter((name) => !before.has(name));
        if (more.length === 0) continue;
        asked.set(id, new Set([...before, ...more]));
        for (const next of module?.importedIds ?? []) stack.push({ id: next, names: new Set(more) });
        continue;
      }
      if (!(module?.exports ?? []).some((name) => names.has(name))) continue;
    }
    if (seen.has(id) || !included.has(id)) continue;
    seen.add(id);
    for (const next of module?.importedIds ?? [])
      if (!follows(info, id, next)) continue;
      else if (!included.has(next) && PACKAGE_INDEX.test(next))
        stack.push({ id: next, names: namesImported(module?.code, packageOf(next)) });
      else stack.push({ id: next });
  }
  return seen;
}

/**
 * What Ionic loads on demand on every screen, as soon as the app (ion-app) and its router outlet are up,
 * whatever the platform: the tap, keyboard and focus helpers and the swipe-back gesture, named by what
 * they export. Eight files of under 2 KB, fetched at once anyway; one file here. (The status-bar tap and
 * the input shims load on some platforms only, and stay files of their own.)
 */
const STARTUP_HELPERS = [
  'startTapClick',
  'startKeyboardAssist',
  'startFocusVisible',
  'createSwipeBackGesture',
];

/** Which group a module of the signed-in shell goes to, by the group's chunk name. */
type Placement = Map<string, string>;

/** Places the modules the tab bar and home import, beyond the entry's (which its own group takes first). */
function place(info: Info, included: ReadonlySet<string>): Placement {
  const ids = [...included];
  const from = (pages: readonly RegExp[]) =>
    reachable(
      info,
      included,
      ids.filter((id) => pages.some((page) => page.test(id))),
    );
  // What a package loads on demand, and when it decides (Ionic's helpers as the app starts, Capacitor's
  // web plugins): in a group, it would bring the group's file with it.
  const onDemand = reachable(
    info,
    included,
    ids.filter((id) => info(id)?.dynamicImporters.some((importer) => NODE_MODULE.test(importer))),
  );
  const startup = reachable(
    info,
    included,
    ids.filter(
      (id) =>
        info(id)?.dynamicImporters.some((importer) => NODE_MODULE.test(importer)) &&
        info(id)?.exports.some((name) => STARTUP_HELPERS.includes(name)),
    ),
  );
  const visitor = from(VISITOR_PAGES);
  const welcome = from([WELCOME_PAGE]);
  const placement: Placement = new Map([...startup].map((id) => [id, 'ionic-startup']));
  for (const id of from(SIGNED_IN_SHELL)) {
    if (onDemand.has(id)) continue;
    if (welcome.has(id)) placement.set(id, 'first-screens');
    else if (visitor.has(id)) placement.set(id, 'pages');
    else placement.set(id, 'TabsHomePage');
  }
  return placement;
}

/** The groups of `output.codeSplitting` (vite.config.ts). */
export function chunkGroups(): CodeSplittingGroup[] {
  // Every module of the bundle: the group's test sees each before any name is asked for.
  const included = new Set<string>();
  let placement: Placement | undefined;
  return [
    // What the entry imports (the bundler's own tag, which reads through re-exports and tree-shaking),
    // and only that: not what those modules import and the bundle leaves out.
    { name: 'index', tags: ['$initial'], includeDependenciesRecursively: false, priority: 1 },
    {
      name: (id, ctx) => {
        placement ??= place((m) => ctx.getModuleInfo(m), included);
        return placement.get(id) ?? null;
      },
      test: (id) => {
        included.add(id);
        return true;
      },
      includeDependenciesRecursively: false,
    },
  ];
}
