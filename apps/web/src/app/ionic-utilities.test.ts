import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Ionic's utility sheets App.tsx leaves out (issue 15: a smaller stylesheet before the first render). */
const LEFT_OUT = ['flex-utils.css', 'display.css', 'text-alignment.css'];
const ionicCss = resolve(import.meta.dirname, '../../../../node_modules/@ionic/react/css');
const sources = resolve(import.meta.dirname, '..');

function classesOf(sheet: string): Set<string> {
  const css = readFileSync(join(ionicCss, sheet), 'utf8');
  return new Set([...css.matchAll(/\.(ion-[a-z0-9-]+)/g)].map((match) => match[1]!));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('Ionic utility classes left out of the stylesheet (issue 15)', () => {
  it('are used by no screen: a class from those sheets would silently do nothing', () => {
    const leftOut = new Set(LEFT_OUT.flatMap((sheet) => [...classesOf(sheet)]));
    expect(leftOut.has('ion-text-center')).toBe(true);
    expect(leftOut.has('ion-justify-content-between')).toBe(true);
    const used: string[] = [];
    for (const file of [...sourceFiles(sources), resolve(import.meta.dirname, '../../index.html')]) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bion-[a-z0-9-]+/g))
        if (leftOut.has(match[0])) used.push(`${file.slice(sources.length)}: ${match[0]}`);
    }
    expect(used).toEqual([]);
  });
});
