import { IonBackButton } from '@ionic/react';
import type { ReactNode } from 'react';
import { PageFrame } from './PageFrame.tsx';

export interface PageShellProps {
  /** The route, without the leading '/', as `data-page` (e.g. "tabs/home"); browser tests select on it. */
  page: string;
  title: string;
  /** Where the back button goes when there is no history (deep link); no back button when absent. */
  backHref?: string;
  /** Buttons at the end of the toolbar. */
  end?: ReactNode;
  children: ReactNode;
}

/** One screen (PageFrame) with, when `backHref` is given, a back button at the start of its toolbar. */
export function PageShell({ page, title, backHref, end, children }: PageShellProps) {
  return (
    <PageFrame
      page={page}
      title={title}
      start={backHref !== undefined && <IonBackButton defaultHref={backHref} text="" />}
      end={end}
    >
      {children}
    </PageFrame>
  );
}
