import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { LoadingPage } from '../components/ui/LoadingPage.tsx';

/** Every lazy page's loader, in the order the router declared them. */
const loaders: Array<() => Promise<unknown>> = [];

/**
 * Fetches every page's chunk, and the pages that loading those declares (the tabs, once the tab bar is
 * in). For a caller that must not wait on a chunk later: the jsdom tests, whose time limit a first
 * transform of a page's modules would otherwise eat into.
 */
export async function loadAllPages(): Promise<void> {
  let loaded = 0;
  while (loaded < loaders.length) {
    const next = loaders.slice(loaded);
    loaded = loaders.length;
    await Promise.all(next.map((load) => load()));
  }
}

/**
 * A page in a chunk of its own, fetched on its first visit (issue 15: the first screen loads only its own
 * code). `load` is the `import()` of the page's module and `name` its named export, so modules that
 * export several pages keep their names. The spinner shows while the chunk arrives; it is not an IonPage,
 * so Ionic's stack binds the real page when it renders (LoadingPage).
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ReactNode {
  loaders.push(load);
  const Page = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return (
    <Suspense fallback={<LoadingPage />}>
      <Page />
    </Suspense>
  );
}
