import type { ReactNode } from 'react';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import type { AffiliateScreen } from '../screens.ts';
import '../pages/affiliate.css';
import '../pages/screens.css';

/**
 * An affiliate sub-screen: `data-page="affiliate/<screen>"`, back to the dashboard; with `onRefresh`, a
 * pull-to-refresh that refetches its lists.
 */
export function SubPage({
  screen,
  title,
  onRefresh,
  children,
}: {
  screen: AffiliateScreen;
  title: string;
  onRefresh?: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <PageShell page={`affiliate/${screen}`} title={title} backHref="/affiliate">
      {onRefresh && <PullToRefresh onRefresh={onRefresh} />}
      <div className="aff-screen">{children}</div>
    </PageShell>
  );
}

/** A titled block of a sub-screen. */
export function Section({ title, children, end }: { title: string; children: ReactNode; end?: ReactNode }) {
  return (
    <section className="aff-section">
      <div className="aff-section__head">
        <h2 className="aff-section__title">{title}</h2>
        {end}
      </div>
      {children}
    </section>
  );
}
