import type { ReactNode, Ref } from 'react';

/**
 * A card of the security page: its title and what it is for, the state of its setting beside them
 * (`status`), then its content. `name` makes the ids: `security-<name>` and `security-<name>-title`.
 */
export function SecurityPanel({
  name,
  title,
  lead,
  status,
  kicker,
  className,
  id,
  panelRef,
  children,
}: {
  name: string;
  title: string;
  lead: ReactNode;
  status?: ReactNode;
  /** A line above the title (the danger zone's). */
  kicker?: ReactNode;
  className?: string;
  id?: string;
  panelRef?: Ref<HTMLElement>;
  children?: ReactNode;
}) {
  return (
    <section
      ref={panelRef}
      className={className ? `fit24-panel ${className}` : 'fit24-panel'}
      id={id}
      aria-labelledby={`security-${name}-title`}
      data-testid={`security-${name}`}
    >
      <div className="fit24-panel__head">
        <div>
          {kicker}
          <h2 id={`security-${name}-title`}>{title}</h2>
          <p>{lead}</p>
        </div>
        {status}
      </div>
      {children}
    </section>
  );
}
