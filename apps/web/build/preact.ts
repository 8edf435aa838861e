import type { Plugin } from 'vite';

/** Preact's module, where its DOM diff lives (pinned: apps/web/package.json). */
const PREACT_DIST = /[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.mjs$/;
/** Preact's choice of a `<template>`'s content fragment as the parent of its children (11.2.0, minified). */
const TEMPLATE_CONTENT = /"template"==(\w+)&&(\w+)\.content\|\|\2/;

/**
 * The app's production runtime is Preact through `preact/compat` (issue 15: the first screen's
 * JavaScript). react-dom alone was 54 KB gzip of the ~237 KB a visitor loaded; Preact's compat layer
 * renders the same components, hooks, portals, Suspense and lazy for about 10 KB. Every import of
 * `react`, `react-dom` (and their JSX runtimes and client entry), whether the app's or a library's
 * (Ionic React, TanStack Query, react-i18next, react-router), resolves to Preact in the build and in
 * the dev server. The jsdom unit tests (vitest.config.ts, not this file) keep React itself, which
 * Testing Library drives; the browser suite runs the production build, so it tests Preact.
 *
 * One difference is undone: Preact renders a `<template>`'s children into its inert `content`
 * fragment, React into the element itself. Ionic React renders a nested overlay (a country picker's
 * modal inside the add-bank modal) inside a `<template>` marker and presents it from there, which only
 * works as React does it; so the children go into the element, as with React. The build fails if a
 * Preact upgrade moves that line.
 */
export function preactCompat(): Plugin {
  return {
    name: 'fit24-preact-compat',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react$/, replacement: 'preact/compat' },
        ],
      },
      // Served as is in development, so the transform below applies there too.
      optimizeDeps: { exclude: ['preact'] },
    }),
    transform(code, id) {
      if (!PREACT_DIST.test(id)) return undefined;
      if (!TEMPLATE_CONTENT.test(code))
        throw new Error(
          `${id}: the <template> children line was not found; check build/preact.ts against this Preact.`,
        );
      return { code: code.replace(TEMPLATE_CONTENT, '$2'), map: null };
    },
  };
}
