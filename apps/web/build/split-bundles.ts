import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/*
 * Why this exists: a bundler places whole modules in chunks, never parts of one. @ionic/react ships as
 * one module holding a wrapper per component, and ionicons/icons as one module holding every icon; so
 * every wrapper and icon any page used (with the Ionic component, styles and icons behind each wrapper)
 * went into the entry, whatever page was opened. Here the component wrappers, the overlay hooks and the
 * icons become modules of their own, so a form's inputs, a sheet's modal or a page's icons load with that
 * page's chunk (issue 15: the first screen loads its own code, and a phone gets it in a second).
 */

const PREFIX = '\0fit24-split:';
const HELPER = '__fit24_';

/** A module split in pieces: the rewritten original, and each piece's source by name. */
interface Split {
  index: string;
  pieces: Map<string, string>;
  /** Which piece exports a name, when it is not the piece of that name (a group's members). */
  owners?: Map<string, string>;
}

/**
 * Components of @ionic/react written as classes (not wrappers), moved as a group into one piece with the
 * inner wrappers only they render: the tab bar's parts (IonTabs compares its children with IonTabBar, so
 * they share a piece) and the back button. Without this they stayed in the bundle, so the welcome screen
 * loaded the tab bar's and the back button's elements (issue 15). A piece keeps the bundle's order, and
 * an inner wrapper registers its element as it is built, as in the bundle.
 */
const IONIC_REACT_GROUPS: Record<string, readonly string[]> = {
  // IonTabsElement (registered as <ion-tabs> unless Stencil's is already) follows IonTabsInner, which
  // registers Stencil's as it is built: in the bundle's order, so Stencil's still wins.
  IonTabs: [
    'IonTabsElement',
    'IonTabs',
    'IonTabBar',
    'IonTabButton',
    'IonTabBarContainer',
    'IonTabBarUnwrapped',
  ],
  IonBackButton: ['IonBackButton'],
};

/** The line that closes the statement opening at line `start`: brackets counted, strings left out. */
function statementEnd(lines: readonly string[], start: number): number {
  let depth = 0;
  let end = start;
  for (; end < lines.length; end++) {
    const bare = (lines[end] ?? '').replace(/\/\/.*$/, '').replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
    depth += (bare.match(/[{([]/g) ?? []).length - (bare.match(/[})\]]/g) ?? []).length;
    if (depth <= 0 && (end > start || /[;}]$/.test(bare))) break;
  }
  return end;
}

/**
 * The top-level declarations of a module by name: their whole text, to the line that closes them, with
 * the `if (…) { … }` right after a class that names it (where the bundle registers the class).
 */
function declarations(source: string): Map<string, string> {
  const found = new Map<string, string>();
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const [, kind = '', name = ''] =
      /^(const|let|class|function) ([A-Za-z_$][\w$]*)/.exec(lines[i] ?? '') ?? [];
    if (!name) continue;
    let end = statementEnd(lines, i);
    let next = end + 1;
    while ((lines[next] ?? '').startsWith('//')) next++;
    if (kind === 'class' && (lines[next] ?? '').startsWith('if (')) {
      const after = statementEnd(lines, next);
      if (namesIn(lines.slice(next, after + 1).join('\n')).has(name)) end = after;
    }
    found.set(name, lines.slice(i, end + 1).join('\n'));
  }
  return found;
}

/** Every `import … from '…'` of a module, by local name: the statement that imports that binding alone. */
function importsByLocalName(source: string): Map<string, string> {
  const byName = new Map<string, string>();
  for (const [, clause = '', from] of source.matchAll(/^import ([^;]+?) from '([^']+)';$/gm)) {
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    for (const part of named.split(',')) {
      const [imported = '', local = imported] = part.trim().split(/\s+as\s+/);
      if (imported) byName.set(local, `import { ${imported} as ${local} } from '${from}';`);
    }
    const defaultName = /^([A-Za-z_$][\w$]*)/.exec(clause)?.[1];
    if (defaultName) byName.set(defaultName, `import ${defaultName} from '${from}';`);
  }
  return byName;
}

/** The identifiers a piece of code names, comments and string literals left out. */
function namesIn(code: string): Set<string> {
  const bare = code.replace(/\/\/.*$/gm, '').replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
  return new Set(bare.match(/[A-Za-z_$][\w$]*/g) ?? []);
}

/**
 * @ionic/react: each component wrapper (`const IonX = /*@__PURE__*\/ createComponent|createRoutingComponent|
 * createInlineOverlayComponent(…)`) and each overlay hook (`function useIonAlert() {…}`) becomes a piece
 * that imports what it names: the bundle's own imports again, and the bundle's internals through extra
 * exports (`__fit24_<name>`). The bundle itself is left as it is, and only the app's imports of it are
 * pointed at the pieces (ionicReactImports): a piece depends on the bundle, never the reverse, so the
 * bundle's internals are always initialised before a piece runs.
 */
export function splitIonicReact(source: string): Split {
  const imports = importsByLocalName(source);
  const topLevel = new Set(
    [...source.matchAll(/^(?:const|let|function|class) ([A-Za-z_$][\w$]*)/gm)].map(([, name]) => name),
  );
  const wrapper =
    /^const (Ion\w+) = \/\*@__PURE__\*\/ (?:createComponent|createRoutingComponent|createInlineOverlayComponent)\((?:\{\n[\s\S]*?\n\}|[^\n]*)\);$/gm;
  const hook =
    /^function (useIon(?:ActionSheet|Alert|Toast|Modal|Popover|Loading))\([^)]*\) \{\n[\s\S]*?\n\}$/gm;
  // A wrapper the bundle itself compares against (IonTabs looks for IonTab children) keeps one identity.
  const elsewhere = namesIn(
    source
      .replace(wrapper, '')
      .replace(hook, '')
      .replace(/^(?:import|export) .*$/gm, ''),
  );
  const pieces = new Map<string, string>();
  const internals = new Set<string>();
  for (const [whole, name = ''] of [...source.matchAll(wrapper), ...source.matchAll(hook)]) {
    if (elsewhere.has(name)) continue;
    const lines = [];
    for (const used of namesIn(whole)) {
      if (used === name) continue;
      const imported = imports.get(used);
      if (imported) lines.push(imported);
      else if (topLevel.has(used)) {
        internals.add(used);
        lines.push(`import { ${HELPER}${used} as ${used} } from '@ionic/react';`);
      }
    }
    pieces.set(name, `${lines.join('\n')}\nexport ${whole}\n`);
  }
  if (pieces.size < 50) throw new Error(`split-bundles: only ${pieces.size} pieces found in @ionic/react`);
  const owners = new Map<string, string>();
  // What the groups take out of the bundle: their classes count as having effects, so the bundle's own
  // copy would otherwise stay beside the piece's.
  const taken: string[] = [];
  const declared = declarations(source);
  const exported = namesIn(/^export \{[^}]*\};$/m.exec(source)?.[0] ?? '');
  for (const [piece, members] of Object.entries(IONIC_REACT_GROUPS)) {
    const texts = members.map((name) => declared.get(name) ?? '');
    if (texts.includes('')) continue;
    const group = texts.join('\n\n');
    // The inner wrappers (`IonTabBarInner`) only the group renders go with it.
    const rest = (moved: readonly string[]) =>
      namesIn(
        moved
          .reduce((left, text) => left.replace(text, ''), source)
          .replace(/^(?:import|export) [^;]*;$/gm, ''),
      );
    const inner = [...namesIn(group)].filter(
      (name) =>
        /Inner$/.test(name) && declared.has(name) && !rest([...texts, declared.get(name) ?? '']).has(name),
    );
    const own = new Set([...members, ...inner]);
    // In the bundle's order: a declaration may use one above it as it runs (IonTabBar its container).
    const moved = [...inner.map((name) => declared.get(name) ?? ''), ...texts].sort(
      (a, b) => source.indexOf(a) - source.indexOf(b),
    );
    const whole = moved.join('\n\n');
    // A member the bundle's other code names keeps one identity: the group stays in the bundle.
    if ([...own].some((name) => rest(moved).has(name))) continue;
    const lines = [];
    for (const used of namesIn(whole)) {
      if (own.has(used)) continue;
      const imported = imports.get(used);
      if (imported) lines.push(imported);
      else if (topLevel.has(used)) {
        internals.add(used);
        lines.push(`import { ${HELPER}${used} as ${used} } from '@ionic/react';`);
      }
    }
    const publicNames = members.filter((name) => exported.has(name));
    pieces.set(piece, `${lines.join('\n')}\n${whole}\nexport { ${publicNames.join(', ')} };\n`);
    for (const name of publicNames) owners.set(name, piece);
    taken.push(...moved);
  }
  const helpers = [...internals].map((name) => `${name} as ${HELPER}${name}`).join(', ');
  // The bundle's other components are built by calls it did not mark pure, so an unused one (IonNav)
  // stayed in; building a component has no effect until it renders.
  const index = taken
    .reduce((left, text) => left.replace(text, ''), source)
    .replace(/^export \{([^}]*)\};$/m, (_whole, list: string) => {
      const names = list.split(',').map((name) => name.trim());
      return `export { ${names.filter((name) => !owners.has(name)).join(', ')} };`;
    })
    .replace(/^const (Ion\w+) = (createReactComponent|createForwardRef)\(/gm, 'const $1 = /*@__PURE__*/ $2(');
  return { index: `${index}\nexport { ${helpers} };\n`, pieces, owners };
}

/** ionicons/icons: one `export const name = "data:…"` line per icon, each re-exported from its piece. */
export function splitIonicons(source: string): Split {
  const pieces = new Map<string, string>();
  const index = source.replace(/^export const (\w+) = "[^"\n]*";?$/gm, (whole, name: string) => {
    pieces.set(name, `${whole}\n`);
    return `export { ${name} } from '${PREFIX}icon:${name}';`;
  });
  if (pieces.size < 1000) throw new Error(`split-bundles: only ${pieces.size} icons found in ionicons/icons`);
  return { index, pieces };
}

/**
 * An app module's `import { … } from '@ionic/react'` statements, with the names that have a piece
 * imported from it instead. Lines are kept as they are (the extra imports join the statement's last
 * line), so the app's source maps stay right.
 */
export function ionicReactImports(
  code: string,
  pieces: ReadonlyMap<string, string>,
  owners: ReadonlyMap<string, string> = new Map(),
): string | null {
  const pieceOf = (name: string) => owners.get(name) ?? (pieces.has(name) ? name : undefined);
  let changed = false;
  const next = code.replace(/^import \{([^}]*)\} from '@ionic\/react';$/gm, (whole, list: string) => {
    const names = list.split(',').map((name) => name.trim());
    const moved = names.filter((name) => pieceOf(name) !== undefined);
    if (moved.length === 0) return whole;
    changed = true;
    const kept = names.filter((name) => name && pieceOf(name) === undefined);
    const newlines = '\n'.repeat(whole.split('\n').length - 1);
    const keptImport = kept.length > 0 ? `import { ${kept.join(', ')} } from '@ionic/react';` : '';
    return `${keptImport}${newlines}${moved.map((name) => `import { ${name} } from '${PREFIX}ionic:${pieceOf(name)}';`).join(' ')}`;
  });
  return changed ? next : null;
}

/**
 * An app module's `import { … } from 'ionicons/icons'` statements, each icon imported from its piece
 * (lines kept, as above). The icons then load with the modules that use them, as through the index, and
 * the module graph says which module uses which icon (build/chunk-groups.ts reads it).
 */
export function ioniconsImports(code: string): string | null {
  let changed = false;
  const next = code.replace(/^import \{([^}]*)\} from 'ionicons\/icons';$/gm, (whole, list: string) => {
    changed = true;
    const names = list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const newlines = '\n'.repeat(whole.split('\n').length - 1);
    return `${newlines}${names.map((name) => `import { ${name} } from '${PREFIX}icon:${name.split(/\s+as\s+/)[0]}';`).join(' ')}`;
  });
  return changed ? next : null;
}

/** The Vite plugin (production builds only: the dev server loads modules one by one anyway). */
export function splitBundles(): Plugin {
  const require = createRequire(import.meta.url);
  const ionicReact = require.resolve('@ionic/react');
  const ionicons = require.resolve('ionicons/icons').replace(/index\.js$/, 'index.mjs');
  const cache = new Map<string, Split>();
  const split = (file: string): Split => {
    let done = cache.get(file);
    if (!done) {
      const source = readFileSync(file, 'utf8');
      done = file === ionicReact ? splitIonicReact(source) : splitIonicons(source);
      cache.set(file, done);
    }
    return done;
  };
  return {
    name: 'fit24-split-bundles',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (id.startsWith(PREFIX)) return { id, moduleSideEffects: false };
      // @ionic/react defines <ion-icon> from the ionicons package, Ionic's own components from their copy
      // of the same element; whichever runs first defines it, so one copy (Ionic's, with its runtime
      // already loaded) is enough, and the other's runtime is not sent.
      if (id === 'ionicons/components/ion-icon.js')
        return require.resolve('@ionic/core/components/ion-icon.js');
      return undefined;
    },
    load(id) {
      if (id.startsWith(PREFIX)) {
        const [kind, name = ''] = id.slice(PREFIX.length).split(':');
        const code = split(kind === 'ionic' ? ionicReact : ionicons).pieces.get(name);
        return code === undefined ? null : { code, moduleSideEffects: false };
      }
      if (id === ionicReact || id === ionicons) return { code: split(id).index, map: null };
      return undefined;
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id)) return;
      let next: string | null = null;
      if (code.includes("'@ionic/react'")) {
        const { pieces, owners } = split(ionicReact);
        next = ionicReactImports(code, pieces, owners);
      }
      if (code.includes("'ionicons/icons'")) next = ioniconsImports(next ?? code) ?? next;
      return next === null ? undefined : { code: next, map: null };
    },
  };
}
