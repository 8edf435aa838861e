import { IonIcon } from '@ionic/react';
import type { ReactNode } from 'react';
import './lists.css';

/** What a list shows when it has nothing: an icon, a title, a sentence, and maybe an action. */
export function EmptyState({
  icon,
  title,
  children,
  testId,
}: {
  icon: string;
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="fit24-empty" data-testid={testId}>
      <span className="fit24-empty__icon">
        <IonIcon icon={icon} aria-hidden="true" />
      </span>
      <h2>{title}</h2>
      {children}
    </div>
  );
}
