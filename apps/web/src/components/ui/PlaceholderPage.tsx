import { IonCard, IonCardContent } from '@ionic/react';
import type { ReactNode } from 'react';
import { PageShell } from './PageShell.tsx';

export interface PlaceholderPageProps {
  page: string;
  title: string;
  /** One sentence: what this screen will do. */
  description: string;
  backHref?: string;
  children?: ReactNode;
}

/** A screen whose content a later issue builds: its title and what it will offer, never blank. */
export function PlaceholderPage({ page, title, description, backHref, children }: PlaceholderPageProps) {
  return (
    <PageShell page={page} title={title} backHref={backHref}>
      <IonCard>
        <IonCardContent>
          <h1 className="fit24-page-heading">{title}</h1>
          <p className="fit24-muted">{description}</p>
          {children}
        </IonCardContent>
      </IonCard>
    </PageShell>
  );
}
