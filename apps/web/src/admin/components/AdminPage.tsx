import { IonButtons, IonContent, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';
import type { ReactNode } from 'react';

/**
 * One console page: a toolbar (the menu button below 1024 px, the title, page actions) over a scrolling
 * content area. `name` becomes `data-page="admin/<name>"` for the browser tests.
 */
export function AdminPage({
  name,
  title,
  subtitle,
  actions,
  children,
}: {
  name: string;
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="adm-page" data-page={`admin/${name}`}>
      <IonHeader className="adm-header">
        <IonToolbar>
          <IonButtons slot="start">
            <IonMenuButton menu="admin-menu" />
          </IonButtons>
          <IonTitle>
            <span className="adm-title">{title}</span>
            {subtitle && <span className="adm-subtitle">{subtitle}</span>}
          </IonTitle>
          {actions && (
            <IonButtons slot="end" className="adm-header-actions">
              {actions}
            </IonButtons>
          )}
        </IonToolbar>
      </IonHeader>
      <IonContent className="adm-content">
        <div className="adm-body">{children}</div>
      </IonContent>
    </div>
  );
}

/** A bordered panel with a heading. */
export function Card({
  title,
  actions,
  children,
  testId,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <section className={`adm-card${className ? ` ${className}` : ''}`} data-testid={testId}>
      {(title || actions) && (
        <header className="adm-card__head">
          {title && <h2 className="adm-card__title">{title}</h2>}
          {actions && <div className="adm-card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

/** Label–value pairs in a compact grid (a person's details, a market's settings). */
export function Facts({ items, testId }: { items: [string, ReactNode][]; testId?: string }) {
  return (
    <dl className="adm-facts" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
